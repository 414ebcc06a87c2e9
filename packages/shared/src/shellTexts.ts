/**
 * Copy of the signed-in shell (navigation, user menu, footer, shared dialogs), the dashboard and
 * the downloads page. The spec's exact messages stay in messages.ts (screenMessages, dialogLabels);
 * these are the texts around them that the spec leaves to us.
 */

/** Titles of the success modals named by part1 §2 (shared dialogs). */
export const successTitles = {
  teamSaved: 'team saved',
  roomSaved: 'Room saved',
  userSaved: 'User saved',
  /** With screenMessages.dataSaved after the team details are saved (part2 §8). */
  editOrganization: 'Edit organization',
} as const;

export const shellTexts = {
  productName: 'Roomscale',
  loading: 'Loading…',
  nav: {
    label: 'Main navigation',
    /** The same links in the drawer of small screens; landmarks need distinct names. */
    drawerLabel: 'Main navigation menu',
    dashboard: 'Dashboard',
    rooms: 'Rooms',
    meetings: 'Meetings',
    downloads: 'Download',
    files: 'Files',
    team: 'Team',
    support: 'Support',
    toggle: 'Toggle navigation',
    home: 'Roomscale dashboard home',
  },
  userMenu: {
    open: 'Open user menu',
    teams: 'Teams',
    noTeam: 'No team selected',
    teamsLoading: 'Loading teams…',
    teamsFailed: 'Teams could not be loaded',
    noTeams: 'You are not a member of any team yet',
    /** Goes to team creation (/organization/create), for a first or a further team. */
    createTeam: 'Create a team',
    /** Open invitations to join teams, listed with the teams (docs/team.md "Invitations"). */
    invitationsLabel: 'Invitations',
    invitationsHeading: 'You have been invited to join:',
    invitedAs: (role: string) => `Invited as ${role === 'Admin' ? 'admin' : 'user'}`,
    accept: 'Accept',
    decline: 'Decline',
    acceptLabel: (team: string) => `Accept the invitation to ${team}`,
    declineLabel: (team: string) => `Decline the invitation to ${team}`,
    accepted: (team: string) => `You are now part of ${team}.`,
    declined: (team: string) => `You declined the invitation to ${team}.`,
    current: 'current',
    administrator: 'Administrator',
    profile: 'Profile',
    logout: 'Log out',
  },
  footer: {
    contact: 'Contact',
    phone: 'Phone',
    support: 'Support',
    sales: 'Sales',
    quickLinks: 'Quick links',
    dashboard: 'Dashboard',
    website: 'Website',
    blog: 'Blog',
    help: 'Help',
    knowledgeBase: 'Support',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    tagline: 'Meetings in virtual reality, prepared on the web.',
    copyright: (year: number) => `© ${year} Roomscale`,
  },
  guard: {
    deniedTitle: 'Access denied',
    deniedSuperAdmin: 'That page is only available to platform administrators.',
    deniedLicense: 'That page needs a licensed team. Purchase licenses to unlock it.',
    deniedTeamRole: 'That page is only available to admins of your team.',
    backToDashboard: 'Go to the dashboard',
  },
  /** An unknown path redirects to the root (part1 §2); the page the user lands on says so. */
  notFound: {
    title: 'Page not found',
    text: (path: string) => `There is no page at ${path}. You are on the start page instead.`,
    dismiss: 'Dismiss',
  },
  terms: {
    title: 'Our terms and privacy policy',
    intro:
      'We have updated our terms of service and privacy policy. Please read and accept them to continue using Roomscale.',
    /** For someone who never accepted them, e.g. a person a team admin invited. */
    firstIntro:
      'Welcome to Roomscale. Please read and accept our terms of service and privacy policy to get started.',
    acceptPrefix: 'I have read and accept the',
    privacyPolicy: 'privacy policy',
    acceptJoin: 'and the',
    terms: 'terms of service',
    confirm: 'Accept and continue',
    logout: 'Log out',
  },
  dialogs: {
    close: 'Close',
  },
  dashboard: {
    teamLine: (team: string) => `Team ${team}`,
    quickstart: 'Quickstart',
    teamFiles: 'Team files',
    personalFiles: 'Personal files',
    tutorialsTitle: 'Tutorials',
    tutorialsText: 'Learn the basics in a few short videos.',
    downloadTitle: 'Download the app',
    downloadText: 'Get Roomscale for your headset or PC.',
    patchNotesTitle: 'Patch notes',
    patchNotesText: 'See what is new in the latest release.',
    teamTitle: 'Team management',
    teamText: 'Invite colleagues and assign licenses.',
    upgradeText: 'Upgrade from the free trial to a licensed plan.',
    opensNewTab: '(opens in a new tab)',
  },
  tutorials: {
    title: 'Tutorials',
    loading: 'Loading tutorials…',
    empty: 'There are no tutorials for the web dashboard yet.',
    failed: 'The tutorials could not be loaded.',
    retry: 'Try again',
    back: 'All tutorials',
    play: (title: string) => `Play ${title}`,
    open: (title: string) => `Open ${title}`,
    kindVideo: 'Video',
    kindArticle: 'Knowledge base',
    externalTitle: 'Hosted in our knowledge base',
    externalText:
      'This tutorial is an article with video in our knowledge base. It opens in a new tab.',
    openExternal: 'Open in the knowledge base',
    videoFailed: 'This video could not be played in your browser.',
    openVideo: 'Open the video file',
  },
  downloads: {
    heading: 'Download Roomscale',
    intro:
      'Install the Roomscale app on your headset or computer, then sign in with your Roomscale account to join your team’s meetings.',
    metaTitle: 'Meta Quest',
    metaDevices: ['Meta Quest 2', 'Meta Quest Pro', 'Meta Quest 3'],
    metaText: 'Install Roomscale from the Meta Horizon Store on your headset or phone.',
    metaAction: 'Meta Horizon Store',
    picoTitle: 'Pico',
    picoDevices: ['Pico Neo 3', 'Pico 4'],
    picoText: 'Download the app package and install it on your headset.',
    picoAction: 'Download APK',
    windowsTitle: 'Windows',
    windowsDevices: ['Windows 10 and 11', 'PC VR headsets'],
    windowsText: 'Run the installer on your PC; it also supports desktop mode without a headset.',
    windowsAction: 'Download installer',
    macTitle: 'macOS',
    macDevices: ['Apple silicon and Intel'],
    macText: 'A version for Mac is in the works.',
    macAction: 'Coming soon',
    helpTitle: 'Need help installing?',
    /** With a changelog link beside the knowledge base's. */
    helpText: 'Step-by-step guides and the release notes of every version.',
    /** Only the knowledge base's link: no release notes are offered. */
    helpTextGuides: 'Step-by-step guides for every headset and computer.',
    knowledgeBase: 'Knowledge base',
    changelog: 'Changelog',
    notOnThisServer: 'Not available yet',
    /** To super admins: how the server gets the missing link. */
    howToAdd: (variable: string) =>
      `This Roomscale server has no link for it yet; its operator adds one by setting ${variable}.`,
    /** To everyone else. */
    notYetText: 'The download will be offered here as soon as it is available.',
    configFailed: 'The download links could not be loaded.',
    retry: 'Try again',
  },
} as const;

/** The page of an emailed team invitation link (/invitation?token=). */
export const invitationTexts = {
  loading: 'Loading the invitation…',
  title: (team: string) => `Join ${team}?`,
  text: (inviter: string | null, team: string, role: string) =>
    `${inviter ?? 'A team admin'} invited you to join ${team} on Roomscale as ${role === 'Admin' ? 'an admin' : 'a user'}.`,
  expires: (date: string) => `This invitation is valid until ${date}.`,
  accept: 'Accept and join',
  decline: 'Decline',
  declined: 'Invitation declined',
  declinedText: (team: string) =>
    `You will not join ${team}. The team's admin can invite you again.`,
  failedTitle: 'Invitation',
  missingToken: 'This invitation link is incomplete. Open the link from the email again.',
  toDashboard: 'Go to the dashboard',
  logout: 'Log out and switch account',
} as const;
