import type { Config } from '../../config.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { activationLink } from '../users/emails.ts';

type Recipient = { id: string; email: string; firstName: string };

/** A new person added by a team admin: the activation link sets their first password. */
export function teamInvitationEmail(
  config: Config,
  user: Recipient,
  teamName: string,
  token: string,
): Mail {
  const url = activationLink(config, user, token);
  return {
    to: user.email,
    subject: `You have been invited to ${teamName} on Roomscale`,
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        `You have been invited to join the team ${teamName} on Roomscale, where teams meet in virtual reality.`,
        'Choose a password to activate your account. This link is valid for 7 days.',
      ],
      action: { label: 'Activate account', url },
    }),
  };
}

/** A registered person added to another team. */
export function addedToTeamEmail(config: Config, user: Recipient, teamName: string): Mail {
  return {
    to: user.email,
    subject: `You have been added to ${teamName} on Roomscale`,
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        `You are now a member of the team ${teamName} on Roomscale. Switch to it from the user menu after logging in.`,
      ],
      action: { label: 'Log in', url: `${config.publicUrl}/login` },
    }),
  };
}
