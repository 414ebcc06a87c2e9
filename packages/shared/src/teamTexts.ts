import { routeTitles } from './routeTitles.ts';
/**
 * Copy of the team screens (part2 §2 'Team management', §4 'User row', §8). The spec's exact
 * messages are marked; the rest are the texts around them that the spec leaves to us.
 */

/** The spec's own strings for the team users screen (part2 §8). */
export const teamUserSpecMessages = {
  edited: 'User has been edited.',
  invited: 'User has been invited.',
  invitedTitle: 'Success',
  /** Title of the success modal after an edit (part1 §2 'User saved'). */
  editedTitle: 'User saved',
  /** `message` is the server's; a closing full stop is not doubled. */
  editFailed: (message: string) =>
    `An error occurred while customizing the user: ${message.replace(/\.\s*$/, '')}.`,
  addFailed: (message: string) =>
    `An error occurred while adding the user: ${message.replace(/\.\s*$/, '')}.`,
} as const;

export const teamTexts = {
  title: routeTitles.team,
  intro: 'Who is in your team, their roles and their licenses.',
  tabsLabel: 'Team sections',
  /** The tab bar's arrows when its tabs do not all fit (a phone). */
  tabsBack: 'Show the previous tabs',
  tabsMore: 'Show more tabs',
  tabs: {
    users: 'Users',
    subscription: 'Subscription',
    details: 'Details',
    sso: 'Single sign-on',
  },
  comingSoon: 'Coming soon',
  adminsOnly: 'For team admins only',

  users: {
    routeTitle: routeTitles.teamUsers,
    counters: {
      label: 'Licenses',
      inUse: 'Licenses in use',
      of: (used: number, total: number) => `${used} / ${total}`,
      members: 'Team members',
      pending: (n: number) =>
        n === 1
          ? '1 invitation is waiting for an answer.'
          : `${n} invitations are waiting for an answer.`,
      noLicenses: 'Your team holds no licenses yet, so members use the Trial license.',
      allUsed: 'Every license is assigned. Free one up to give it to someone else.',
      free: (n: number) => (n === 1 ? '1 license is free.' : `${n} licenses are free.`),
      /** Admins only (part2 §6): to the subscription overview. */
      buyLicenses: 'Buy licenses', // spec
    },
    listLabel: 'Team users',
    loading: 'Loading team users…',
    loadFailed: 'The team users could not be loaded.',
    retry: 'Try again',
    empty: 'No team users on this page.',
    readOnly: 'Only team admins can add or edit users.',
    pagerLabel: 'Team user pages',

    add: {
      title: 'Add user',
      text: 'Invite a colleague by email. A new address gets an invitation to set a password; someone with an account joins after accepting.',
      button: 'Add user',
    },

    row: {
      you: 'You',
      noPosition: 'No position',
      invitationSent: 'Invitation sent',
      roles: { Admin: 'Admin', User: 'User' },
      licenses: { License: 'License', Trial: 'Trial' },
      logins: {
        password: 'Password',
        sso: 'Single sign-on',
        meta: 'Meta',
        label: 'Login methods',
      },
      edit: (name: string) => `Edit ${name}`,
      remove: (name: string) => `Remove ${name}`,
      ownRemove: 'You cannot remove yourself from the team.',
      ownRole: 'You cannot change your own role.',
      noFreeLicense: 'No free licenses are left.',
      save: 'Save user',
      cancel: 'Cancel',
      newUser: 'New user',
      fields: {
        firstName: 'First name',
        lastName: 'Last name',
        email: 'Email',
        position: 'Position',
        admin: 'Admin',
        license: 'License',
        password: 'Password login',
        sso: 'Single sign-on',
      },
      emailFixed: 'The email address of a member cannot be changed here.',
      /** Names and position of an account the team did not create, or that is activated. */
      profileLocked: 'Only the person can change their name and position.',
      pending: 'Invitation pending',
      pendingHint: 'Joins the team after accepting the invitation.',
      withdraw: (email: string) => `Withdraw the invitation of ${email}`,
    },
    withdraw: {
      title: 'Withdraw invitation',
      text: (email: string, team: string) =>
        `Withdraw the invitation of ${email} to ${team}? The link in their email stops working.`,
      confirm: 'Withdraw',
      done: 'Invitation withdrawn',
    },

    remove: {
      title: 'Remove user',
      text: (name: string, team: string) =>
        `Remove ${name} from ${team}? Their account stays; they lose access to the team's rooms, meetings and files.`,
      confirm: 'Remove',
      done: 'User removed',
    },
  },

  details: {
    routeTitle: routeTitles.teamDetails,
    loadFailed: 'The team details could not be loaded.',
    logo: {
      title: 'Team logo',
      text: 'Shown for your team in the dashboard, in meeting rooms and in menus.',
      hint: 'Recommended aspect ratio 2:1 (for example 800 × 400 pixels). JPG, JPEG, GIF or PNG, smaller than 10 MB.',
      upload: 'Upload logo',
      replace: 'Replace logo',
      remove: 'Remove logo',
      removeTitle: 'Remove logo',
      removeText: 'Remove the team logo? Your team is then shown with its initial.',
      removed: 'Logo removed',
      uploaded: 'Logo saved',
      previewsLabel: 'Logo previews',
      wide: 'Wide, as on a room banner (2:1)',
      small: 'Small, as in menus',
      alt: (team: string) => `Logo of ${team}`,
      none: 'No logo yet',
    },
    form: {
      title: 'Details',
      text: 'The name your members see, and who the team belongs to.',
      save: 'Save',
    },
  },
} as const;
