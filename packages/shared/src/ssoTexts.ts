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
  /** Importing the identity provider's metadata (docs/sso.md): `xml` or `url`, not both. */
  metadataOneSource: 'Give the metadata XML or its address, not both.',
  metadataMissing:
    "Paste your identity provider's metadata XML, choose its file or enter its address.",
  metadataTooLarge: 'The metadata is larger than allowed, nests too deep or has too many elements.',
  metadataUnreadable:
    'This is not readable SAML metadata (XML without a document type declaration).',
  metadataNoIdp:
    'The metadata describes no SAML 2.0 identity provider (no IDPSSODescriptor in an EntityDescriptor).',
  metadataNoLoginUrl: 'The metadata has no single sign-on address with the HTTP-Redirect binding.',
  metadataNoCertificate: 'The metadata has no signing certificate of the identity provider.',
  metadataUrlInvalid: 'Enter the https or http address of the metadata.',
  /** Loopback, private, link-local and other non-public addresses are never fetched. */
  metadataUrlPrivate:
    'This address is not public: the metadata can only be fetched from the internet.',
  metadataUrlUnreachable: 'The metadata could not be fetched from this address.',
  metadataUrlRedirect:
    'This address redirects elsewhere. Enter the address the metadata is served at.',
  metadataUrlTimeout: 'The address did not answer in time.',
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
      nextCertificate: 'Next certificate (optional)',
      nextCertificateHint:
        'While your identity provider rolls its certificate over: its new certificate. Sign-ins signed with either are accepted.',
      appIdUri: 'Entity ID (App ID URI)',
      ssoUrl: 'Sign-on URL',
      consumerUrl: 'Reply URL (Assertion Consumer Service)',
      samlConfig: 'Service provider metadata',
    },
    /** Under appIdUri: the same address serves our metadata (docs/sso.md). */
    appIdUriHint:
      'The service provider metadata below is also served at this address, for identity providers that import it.',
    certificateValidTo: (date: string) => `Certificate valid until ${date}`,
    nextCertificateValidTo: (date: string) => `Next certificate valid until ${date}`,
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
    /** Importing the identity provider's metadata into the form below it (nothing is saved). */
    importHeading: 'Import metadata',
    importIntro:
      "Fill the fields below from your identity provider's federation metadata, then review them and save.",
    importSources: { paste: 'Paste XML', file: 'File', url: 'Address' },
    importXml: 'Metadata XML',
    importFile: 'Metadata file',
    importFilePlaceholder: 'Choose an XML file',
    importFileClear: 'Remove the chosen file',
    importUrl: 'Metadata address',
    importUrlHint: 'Fetched once by Roomscale, e.g. the App Federation Metadata Url of Entra ID',
    importButton: 'Import',
    /** The form was filled: nothing is saved yet. */
    imported: 'Metadata imported. Review the values and save.',
    importFailed: (message: string) => `The metadata could not be imported: ${message}`,
  },
  /**
   * 'Set up in your identity provider' on the tab: per common provider, which of our values goes
   * into which of its fields, which claim must carry the person's address (the user key, docs/
   * sso.md "The user key") and which of its values come back here. Field names as each
   * provider's admin console and public documentation name them.
   */
  setupGuide: {
    heading: 'Set up in your identity provider',
    intro:
      "Where our values go in the most common identity providers, and which claim must carry the person's email address.",
    theirField: 'Their field',
    ourValue: 'Our value',
    addressHeading: 'The email address',
    backHeading: 'Then enter here',
    /** Our metadata is not one line to copy: it is named, not shown again. */
    metadataValue: 'The XML above, saved as a file',
    providers: [
      {
        id: 'entra',
        name: 'Microsoft Entra ID',
        where:
          'Enterprise applications → New application → Create your own application (non-gallery), then Single sign-on → SAML → Basic SAML Configuration.',
        fields: [
          { theirs: 'Identifier (Entity ID)', ours: 'appIdUri' },
          { theirs: 'Reply URL (Assertion Consumer Service URL)', ours: 'consumerUrl' },
          { theirs: 'Sign on URL', ours: 'ssoUrl' },
          { theirs: 'Upload metadata file (instead of the fields above)', ours: 'samlConfig' },
        ],
        address:
          'Entra ID sends the user principal name as the Name ID, in the email address format. When people’s Roomscale address is another one (their mail), set Unique User Identifier (Name ID) to user.mail, or give the Name ID the Persistent format and keep the emailaddress claim (http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress = user.mail).',
        back: 'From SAML Certificates and Set up: Microsoft Entra Identifier → Identity provider entity ID, Login URL → Login URL, Certificate (Base64) → Certificate.',
      },
      {
        id: 'okta',
        name: 'Okta',
        where: 'Applications → Create App Integration → SAML 2.0, then Configure SAML → General.',
        fields: [
          {
            theirs: 'Single sign-on URL (with "Use this for Recipient URL and Destination URL")',
            ours: 'consumerUrl',
          },
          { theirs: 'Audience URI (SP Entity ID)', ours: 'appIdUri' },
        ],
        address:
          'Set Name ID format to EmailAddress and Application username to Email, so the Name ID is the person’s address.',
        back: 'From Sign On → View SAML setup instructions: Identity Provider Issuer → Identity provider entity ID, Identity Provider Single Sign-On URL → Login URL, X.509 Certificate → Certificate.',
      },
      {
        id: 'google',
        name: 'Google Workspace',
        where:
          'Admin console → Apps → Web and mobile apps → Add app → Add custom SAML app, then Service provider details.',
        fields: [
          { theirs: 'ACS URL', ours: 'consumerUrl' },
          { theirs: 'Entity ID', ours: 'appIdUri' },
          { theirs: 'Start URL (optional)', ours: 'ssoUrl' },
        ],
        address: 'Set Name ID format to EMAIL and Name ID to Basic Information › Primary email.',
        back: 'From Google Identity Provider details: Entity ID → Identity provider entity ID, SSO URL → Login URL, Certificate → Certificate.',
      },
      {
        id: 'other',
        name: 'Another SAML 2.0 provider',
        where:
          'Add a SAML 2.0 service provider (relying party). Providers that import metadata can read it from the Entity ID address.',
        fields: [
          { theirs: 'Entity ID, Audience or Identifier', ours: 'appIdUri' },
          {
            theirs: 'Assertion Consumer Service, Reply or Single sign-on URL (HTTP-POST)',
            ours: 'consumerUrl',
          },
          { theirs: 'Service provider metadata, to import', ours: 'samlConfig' },
        ],
        address:
          'Send the address as the Name ID in the emailAddress (or unspecified) format, or as an attribute named email, mail or http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress. Sign the assertion, the response or both, with SHA-256 or stronger.',
        back: 'Its entity ID (Issuer) → Identity provider entity ID, its single sign-on address (HTTP-Redirect) → Login URL, its signing certificate → Certificate.',
      },
    ],
  },
  token: {
    /** Page title of /sso/token. */
    title: routeTitles.singleSignOn,
    /** The /sso/token page while it exchanges the one-time token. */
    signingIn: 'Signing you in…',
  },
} as const;
