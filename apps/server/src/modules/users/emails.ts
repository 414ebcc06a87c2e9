import { accountMailTexts, durationWords, security } from '@roomscale/shared';
import type { Config } from '../../config.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';

type Recipient = { id: string; email: string; firstName: string };

const link = (config: Config, path: string, query: Record<string, string>) =>
  `${config.publicUrl}${path}?${new URLSearchParams(query).toString()}`;

/** The link that activates an account and sets its first password (registration, invitation). */
export const activationLink = (config: Config, user: Recipient, token: string) =>
  link(config, '/activate-account', { user: user.id, token, email: user.email });

export function activationEmail(config: Config, user: Recipient, token: string): Mail {
  const url = activationLink(config, user, token);
  return {
    to: user.email,
    subject: 'Activate your Roomscale account',
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        'Welcome to Roomscale. Confirm your email address and choose a password to activate your account.',
        `This link is valid for ${durationWords(security.activationTokenSeconds)}. If you did not sign up, you can ignore this email.`,
      ],
      action: { label: 'Activate account', url },
    }),
  };
}

export function alreadyRegisteredEmail(config: Config, user: Recipient): Mail {
  return {
    to: user.email,
    subject: 'You already have a Roomscale account',
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        'Someone, hopefully you, tried to create a Roomscale account with this email address. You already have an account, so no new one was created.',
        `Log in: ${config.publicUrl}/login`,
        'Forgot your password? Choose a new one with the button below. If this was not you, you can ignore this email.',
      ],
      action: { label: 'Reset password', url: `${config.publicUrl}/forgot-password` },
    }),
  };
}

export function resetPasswordEmail(config: Config, user: Recipient, token: string): Mail {
  const url = link(config, '/reset-password', { user: user.id, token });
  return {
    to: user.email,
    subject: 'Reset your Roomscale password',
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: [
        'We received a request to reset the password of your Roomscale account.',
        `This link is valid for ${durationWords(security.resetTokenSeconds)} and can be used once. If you did not ask for it, you can ignore this email; your password stays the same.`,
      ],
      action: { label: 'Reset password', url },
    }),
  };
}

/**
 * 'Forgot password' for an account that signs in with single sign-on only: it has no password
 * to reset and gets none (the team chose single sign-on), so the mail says how to sign in.
 * `teams`: the names of the teams whose single sign-on the account can use.
 */
export const ssoOnlyResetEmail = (config: Config, user: Recipient, teams: string[]) =>
  ssoOnlyEmail(config, user, teams, accountMailTexts.ssoOnlyReset);

/** A registration with the address of a single sign-on-only account: no reset link either. */
export const ssoOnlyAlreadyRegisteredEmail = (config: Config, user: Recipient, teams: string[]) =>
  ssoOnlyEmail(config, user, teams, accountMailTexts.ssoOnlyAlreadyRegistered);

/** A mail to a single sign-on-only account: how to sign in, with a link to the login. */
function ssoOnlyEmail(
  config: Config,
  user: Recipient,
  teams: string[],
  m: (typeof accountMailTexts)['ssoOnlyReset' | 'ssoOnlyAlreadyRegistered'],
): Mail {
  return {
    to: user.email,
    subject: m.subject,
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      paragraphs: m.paragraphs(user.email, teams),
      action: { label: m.action, url: `${config.publicUrl}/login` },
    }),
  };
}
