import { durationWords, security, teamUserLimits } from '@roomscale/shared';
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
        `Choose a password to activate your account. This link is valid for ${durationWords(security.activationTokenSeconds)}.`,
      ],
      action: { label: 'Activate account', url },
    }),
  };
}

/**
 * A new person added with single sign-on only: there is no password to choose; they log in
 * with the team's identity provider from the login page, which offers it for their address.
 */
export function teamSsoInvitationEmail(config: Config, user: Recipient, teamName: string): Mail {
  const url = `${config.publicUrl}/login`;
  return {
    to: user.email,
    subject: `You have been invited to ${teamName} on Roomscale`,
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        `You have been invited to join the team ${teamName} on Roomscale, where teams meet in virtual reality.`,
        `Your account is ready. On the login page, enter ${user.email} and choose 'Log in with ${teamName}' to sign in with your organisation's account.`,
      ],
      action: { label: 'Log in', url },
    }),
  };
}

/** The link of an invitation to join a team: opens it in the dashboard (sign-in first). */
export const joinTeamLink = (config: Config, token: string) =>
  `${config.publicUrl}/invitation?${new URLSearchParams({ token }).toString()}`;

/**
 * An existing account invited to a team. Nothing happens until the person accepts, from this
 * link or from the Teams list of the user menu.
 */
export function joinTeamInvitationEmail(
  config: Config,
  user: Recipient,
  teamName: string,
  token: string,
): Mail {
  return {
    to: user.email,
    subject: `You have been invited to ${teamName} on Roomscale`,
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        `You have been invited to join the team ${teamName} on Roomscale. You join only if you accept.`,
        `Log in to accept or decline, here or from the Teams list in your user menu. This invitation is valid for ${durationWords(teamUserLimits.invitationSeconds)}. If you did not expect it, you can ignore this email.`,
      ],
      action: { label: 'View invitation', url: joinTeamLink(config, token) },
    }),
  };
}
