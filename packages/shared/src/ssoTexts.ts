import { routeTitles } from './routeTitles.ts';
/**
 * Single sign-on (part1 §7–§8, part2 §2 'Single sign-on', §5, §8): the team's SAML tab, the
 * token page and the server's messages. The spec's exact strings are marked.
 */

/** `detail`s of the server's problems about single sign-on and linked logins. */
export const ssoMessages = {
  urlInvalid: 'Enter a valid http or https address.',
  certificateUnreadable:
    'The certificate could not be read. Paste the PEM certificate (BEGIN CERTIFICATE … END CERTIFICATE) of your identity provider.',
  certificateExpired:
    'The certificate has expired. Paste the current certificate of your identity provider.',
  certificateNotYetValid: 'The certificate is not valid yet.',
  /** Linking or signing in through a provider the team has not set up (or removed). */
  providerUnknown: 'This single sign-on provider does not exist.',
  /** Linking a team's provider the caller is not a member of. */
  providerNotYours: 'You can only link the single sign-on of a team you belong to.',
  linkProofMissing:
    'Sign in at the identity provider to link this account: the link could not be confirmed.',
  /** The identity provider's account is already linked to another user. */
  loginTakenByOther: 'This account of the identity provider is already linked to another user.',
  alreadyLinked: 'This login is already linked to your account.',
  notLinked: 'This login is not linked to your account.',
  /**
   * Removing the caller's only way to sign in. They have no password, and cannot give themselves
   * one (a reset only changes an existing password): a team admin can add another way.
   */
  lastLogin:
    'This is your only way to log in. Ask a team admin for another way to sign in, or link another account, before removing it.',
} as const;

export const ssoTexts = {
  tab: {
    title: routeTitles.singleSignOn,
    intro:
      'Let the members of your team sign in with your identity provider (SAML 2.0). Give your identity provider the values below, then enter its values here.',
    idpHeading: 'Your identity provider',
    spHeading: 'Values for your identity provider',
    fields: {
      identityLabel: 'Identity provider entity ID',
      identityLabelHint:
        "The identity provider's issuer (entity ID), e.g. https://idp.example.com/metadata",
      loginUrl: 'Login URL',
      loginUrlHint: "The identity provider's single sign-on address (HTTP-Redirect binding)",
      certificate: 'Certificate',
      certificateHint: 'The X.509 signing certificate of the identity provider, in PEM form',
      appIdUri: 'Entity ID (App ID URI)',
      ssoUrl: 'Sign-on URL',
      consumerUrl: 'Reply URL (Assertion Consumer Service)',
      samlConfig: 'Service provider metadata',
    },
    /** Under appIdUri: the same address serves our metadata (docs/sso.md). */
    appIdUriHint:
      'The service provider metadata below is also served at this address, for identity providers that import it.',
    certificateValidTo: (date: string) => `Certificate valid until ${date}`,
    /** A saved certificate runs out soon (apps/web/src/features/sso/certificate.ts) or has run out. */
    certificateExpiresSoon: (date: string) =>
      `The certificate expires on ${date}. Paste the new certificate of your identity provider before then.`,
    certificateExpired: (date: string) =>
      `The certificate expired on ${date}. Single sign-on fails until you paste the current certificate of your identity provider.`,
    save: 'Save',
    copy: 'Copy',
    /** The accessible name of a copy button: 'Copy Sign-on URL'. */
    copyField: (label: string) => `Copy ${label}`,
    /** The browser refused the clipboard (insecure page, denied permission). */
    copyFailed: 'Copying is not possible here. The text is selected: copy it with Ctrl+C or ⌘C.',
    /** part2 §8 */
    saved: 'Configuration saved',
    /** part2 §8 */
    copied: 'Copied to clipboard',
    /** part2 §8: 'An error has occurred: {message}' on SSO save. */
    saveFailed: (message: string) => `An error has occurred: ${message}`,
    notConfigured: 'Single sign-on is not set up yet.',
    configured: 'Single sign-on is set up. Team members with a single sign-on login can use it.',
    loadFailed: 'The single sign-on settings could not be loaded.',
    retry: 'Try again',
  },
  token: {
    /** Page title of /sso/token. */
    title: routeTitles.singleSignOn,
    /** The /sso/token page while it exchanges the one-time token. */
    signingIn: 'Signing you in…',
  },
} as const;
