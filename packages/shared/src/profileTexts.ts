import { routeTitles } from './routeTitles.ts';
/**
 * The profile (part2 §2 'Profile', §3, §4 'Linking', §5 'Profile and rooms', §8). The spec's
 * exact strings are marked.
 */
export const profileTexts = {
  title: routeTitles.profile,
  intro: 'Your picture, avatar, details and the ways you log in.',
  picture: {
    heading: 'Profile picture',
    intro: 'Shown next to your name in the dashboard and to your team.',
    hint: 'JPG, JPEG, GIF or PNG, smaller than 10 MB.',
    alt: 'Your profile picture',
    upload: 'Upload picture',
    replace: 'Replace picture',
    remove: 'Remove picture',
    removeTitle: 'Remove picture',
    removeText: 'Remove your profile picture? Your initial is shown instead.',
    uploaded: 'Picture saved',
    removed: 'Picture removed',
  },
  avatar: {
    heading: 'Avatar',
    intro: 'Your avatar represents you in virtual-reality meetings.',
    none: 'You have no avatar yet.',
    /** An avatar stored elsewhere (the avatar builder's host): no preview, but it is set. */
    set: 'Your avatar is set. It appears when you join a meeting in VR.',
    viewerLabel: 'Your avatar in 3D',
    /** The edit screen (/profile/edit-avatar); `remake` starts a new avatar from scratch. */
    editHeading: 'Edit your avatar',
    remakeHeading: 'Remake your avatar',
    editIntro:
      'Change your avatar below; it is saved as soon as you export it, and you return to your profile.',
    noBuilder:
      'The avatar builder is not available here. You can use the default avatar or keep the one you have.',
    useDefault: 'Use the default avatar',
    useDefaultHint: 'Or go back to your profile without changes.',
    cancel: 'Back to profile',
    /** part2 §2 */
    edit: 'Edit avatar',
    /** part2 §2 */
    remake: 'Remake avatar',
  },
  info: {
    heading: 'User information',
    intro: 'Your name and position as your team sees them.',
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
    intro: 'Changing your password signs you out on your other devices; you stay signed in here.',
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
    /** Back from the identity provider with `linkError`: its sign-in did not prove an account. */
    ssoSignInFailed:
      'Signing in at the identity provider failed, so no account was linked. Please try again.',
    /** A linked single sign-on login of a team the user no longer shows (left, or renamed). */
    otherSso: 'Single sign-on',
    loginsFailed: 'Your linked accounts could not be loaded.',
    retry: 'Try again',
    metaAbout: 'Log in to the VR app on your headset with your Meta account.',
    linkLabel: (account: string) => `Link ${account}`,
    unlinkLabel: (account: string) => `Unlink ${account}`,
    noSso: 'None of your teams uses single sign-on.',
  },
  metaCallback: {
    title: routeTitles.metaCallback,
    /** part2 §2 */
    linking: 'Linking account...',
  },
  editAvatarTitle: routeTitles.editAvatar,
} as const;

/** Server messages of the Meta link (problem `detail`s; docs/linked-accounts.md "Answers"). */
export const metaMessages = {
  /** 409: META_APP_ID, META_APP_SECRET and META_ORGANIZATION_ID are not all set. */
  notConfigured: 'Linking a Meta account is not set up on this server.',
  /** 403: Meta refused the code or nonce, or it proves another Meta account. */
  codeRejected: 'Meta did not accept the sign-in. Please try again.',
  /** 403: the sign-in at Meta was not started from this browser by this user (or too long ago). */
  linkNotStarted:
    'This Meta sign-in was not started from your profile in this browser. Start linking again from your profile.',
  /** 502: Meta answered with an error of its own, nonsense, or not in time. */
  unavailable: "Meta's service could not be reached. Please try again later.",
  takenByOther: 'This Meta account is already linked to another user.',
  alreadyLinked: 'A Meta account is already linked to your account.',
  notLinked: 'No Meta account is linked to your account.',
} as const;
