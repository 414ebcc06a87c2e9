import { publicTexts } from './publicTexts.ts';

const quoted = (names: string[]) => names.map((n) => `'${publicTexts.login.ssoButton(n)}'`);

/** 'A', 'A or B', 'A, B or C'. */
const either = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * How an account that signs in with single sign-on only does so, in an email: the login page's
 * buttons of its teams, or (no team's provider is set up any more) its team admins.
 */
const ssoWay = (email: string, teams: string[]) =>
  teams.length > 0
    ? `On the login page, enter ${email} and choose ${either(quoted(teams))} to sign in with your organisation's account.`
    : 'Ask an admin of your team for another way to sign in.';

/**
 * Emails about an account's sign-in that the spec leaves to us (the server builds the rest of
 * the mail: greeting, links, layout).
 */
export const accountMailTexts = {
  /**
   * 'Forgot password' for an account without a password login (single sign-on only): no reset
   * link, since the team chose single sign-on for it (docs/sso.md).
   */
  ssoOnlyReset: {
    subject: 'Signing in to your Roomscale account',
    paragraphs: (email: string, teams: string[]) => [
      'We received a request to reset the password of your Roomscale account. Your account has no password: it signs in with single sign-on, so there is no password to reset.',
      ssoWay(email, teams),
      'If you did not ask for this, you can ignore this email.',
    ],
    action: 'Log in',
  },
  /** Registration tried again with the address of an account that signs in with single sign-on. */
  ssoOnlyAlreadyRegistered: {
    subject: 'You already have a Roomscale account',
    paragraphs: (email: string, teams: string[]) => [
      'Someone, hopefully you, tried to create a Roomscale account with this email address. You already have an account, so no new one was created. It signs in with single sign-on.',
      ssoWay(email, teams),
      'If this was not you, you can ignore this email.',
    ],
    action: 'Log in',
  },
  /** To a team's admins before the last valid certificate of its identity provider ends. */
  certificateExpiry: {
    subject: (teamName: string, day: string) => `Single sign-on of ${teamName} stops on ${day}`,
    paragraphs: (teamName: string, day: string) => [
      `The certificate of the identity provider of ${teamName} expires on ${day}. After that, nobody can sign in to Roomscale with single sign-on.`,
      "Enter your identity provider's new certificate on the Single sign-on tab, as the next certificate while it rolls over, before then.",
    ],
    action: 'Open single sign-on',
  },
} as const;
