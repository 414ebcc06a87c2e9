import type { Config } from '../../config.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';

type Recipient = { email: string; firstName: string };

const teamUsersLink = (config: Config) => `${config.publicUrl}/team/users`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const users = (n: number) => (n === 1 ? '1 user' : `${n} users`);

/** A current license was awarded or changed with 'Send email': the team's admins can assign it. */
export function licensesAvailableEmail(
  config: Config,
  admin: Recipient,
  teamName: string,
  license: { userAmount: number; endsAt: Date },
): Mail {
  return {
    to: admin.email,
    subject: `Your Roomscale licenses for ${teamName} are available`,
    ...actionEmail({
      greeting: `Hello ${admin.firstName},`,
      paragraphs: [
        `${teamName} has a license for ${users(license.userAmount)}, valid until ${day(license.endsAt)}.`,
        'You can assign the licenses to your team members now: a member with a license uses Roomscale without the VR watermark.',
      ],
      action: { label: 'Assign licenses', url: teamUsersLink(config) },
    }),
  };
}

/** A license of the team was removed with 'Send email'. */
export function licenseRemovedEmail(config: Config, admin: Recipient, teamName: string): Mail {
  return {
    to: admin.email,
    subject: `A Roomscale license of ${teamName} has been removed`,
    ...actionEmail({
      greeting: `Hello ${admin.firstName},`,
      paragraphs: [
        `A license of ${teamName} has been removed. Members whose license is no longer covered are back on Trial.`,
      ],
      action: { label: 'View team members', url: teamUsersLink(config) },
    }),
  };
}

/**
 * The team holds fewer licenses than its members used (a license ended, was cut or removed):
 * these members, given their License most recently, are back on Trial.
 */
export function returnedToTrialEmail(
  config: Config,
  admin: Recipient,
  teamName: string,
  members: { name: string; email: string }[],
): Mail {
  return {
    to: admin.email,
    subject: `Members of ${teamName} are back on Trial`,
    ...actionEmail({
      greeting: `Hello ${admin.firstName},`,
      paragraphs: [
        `${teamName} now holds fewer licenses than its members used, so ${
          members.length === 1 ? 'this member is' : 'these members are'
        } back on Trial (with the VR watermark):`,
        members.map((m) => `${m.name} (${m.email})`).join(', '),
        'Purchase or award more licenses to give them a license again.',
      ],
      action: { label: 'View team members', url: teamUsersLink(config) },
    }),
  };
}
