/**
 * The profile (part2 §2 'Profile', §3, §4 'Linking', §5 'Profile and rooms', §8). The spec's
 * exact strings are marked.
 */
export const profileTexts = {
  title: 'Profile',
  picture: {
    heading: 'Profile picture',
  },
  avatar: {
    heading: 'Avatar',
    none: 'You have no avatar yet.',
    /** part2 §2 */
    edit: 'Edit avatar',
    /** part2 §2 */
    remake: 'Remake avatar',
  },
  info: {
    heading: 'User information',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    position: 'Position',
    save: 'Save',
    /** part2 §8 */
    saved: 'The data has been saved',
  },
  password: {
    heading: 'Change password',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm new password',
    save: 'Save',
    /** part2 §8 */
    changed: 'Password has been changed',
    /** part2 §8 */
    failed: 'Password change failed. Please check the information and try again.',
    mismatch: 'The passwords do not match',
    otherSessionsEnded: 'You stay signed in here; your other sessions have been signed out.',
  },
  linked: {
    heading: 'Linked accounts',
    intro: 'The ways you can log in to your account.',
    /** The password login is named by PASSWORD_LOGIN_LABEL, the Meta one by META_LOGIN_LABEL. */
    passwordOn: 'You can log in with your email address and password.',
    passwordOff: 'No password set.',
    sso: 'SSO',
    ssoOf: (team: string) => `Single sign-on of ${team}`,
    linked: 'Linked',
    notLinked: 'Not linked',
    link: 'Link',
    unlink: 'Unlink',
    metaNotSetUp: 'Linking a Meta account is not set up on this server.',
    /** part2 §4 'Linking': the confirmation before linking or unlinking a team's single sign-on. */
    confirmLinkTitle: 'Link single sign-on',
    confirmUnlinkTitle: 'Unlink single sign-on',
    confirmLink: (provider: string) =>
      `You will sign in at ${provider} to link it to your account. Only link an identity provider you fully trust: whoever controls it can log in as you.`,
    confirmUnlink: (provider: string) =>
      `After unlinking you can no longer log in with ${provider}. Only link identity providers you fully trust.`,
    confirmMetaUnlinkTitle: 'Unlink Meta account',
    confirmMetaUnlink: 'Your Meta account will no longer be linked to your account.',
    /** part2 §8 */
    ssoLinked: 'Account linked',
    /** part2 §8 */
    ssoUnlinked: 'Account unlinked',
    /** part2 §8 */
    metaLinked: 'Meta account linked',
    /** part2 §8 */
    metaUnlinked: 'Meta account unlinked',
    /** part2 §8 */
    metaLinkFailed: 'Meta linking failed.',
    /** part2 §8 */
    metaUnlinkFailed: 'Meta unlinking failed.',
    linkFailed: (message: string) => `An error has occurred: ${message}`,
  },
  metaCallback: {
    /** part2 §2 */
    linking: 'Linking account...',
  },
} as const;

/** Server messages of the Meta link (problem `detail`s). */
export const metaMessages = {
  notConfigured: 'Linking a Meta account is not set up on this server.',
  codeRejected: 'Meta did not accept the sign-in. Please try again.',
  unavailable: "Meta's service could not be reached. Please try again later.",
  takenByOther: 'This Meta account is already linked to another user.',
  alreadyLinked: 'A Meta account is already linked to your account.',
  notLinked: 'No Meta account is linked to your account.',
} as const;
