/**
 * User-facing strings of the admin team screens (part1 §2 'Admin team edit in detail'): the team
 * list, the team page with its members, manual licenses and payment customer, and the license
 * editor. The spec's own strings are kept verbatim; the rest are ours.
 */

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const adminTeamsTexts = {
  list: {
    title: 'Teams',
    intro: 'Every team on the platform, its members, licenses, rooms and files.',
    search: 'Search teams',
    searchPlaceholder: 'Search by team or company name',
    clearSearch: 'Clear search',
    newTeam: 'New team',
    count: (n: number) => plural(n, 'team', 'teams'),
    columns: {
      name: 'Team',
      users: 'Users',
      licenses: 'Licenses',
      rooms: 'Rooms',
      files: 'Files',
      created: 'Created',
      actions: 'Actions',
    },
    edit: (name: string) => `Edit ${name}`,
    delete: (name: string) => `Delete ${name}`,
    empty: 'No teams yet',
    emptyHint: 'Create the first one with the New team button.',
    noMatch: 'No teams found',
    noMatchHint: (search: string) => `Nothing matches '${search}'. Try another search.`,
    loadFailed: 'The teams could not be loaded.',
    retry: 'Try again',
    pagination: 'Team pages',
    tableLabel: 'Teams',
    prompt: {
      title: 'New team',
      label: 'Team name',
      hint: 'The team starts without members. You add users, licenses and details on the next page.',
      submit: 'Create',
      cancel: 'Cancel',
    },
  },

  /** The delete confirmation of the list and of the team page: it names what goes. */
  remove: {
    title: 'Delete team',
    /** The team page knows only the member count; the list knows files and rooms too. */
    text: (name: string, c: { users: number; files?: number; rooms?: number }) =>
      `'${name}' will be deleted for good, with its ${plural(c.users, 'member', 'members')} (their accounts stay), ${c.files === undefined ? 'files' : plural(c.files, 'file', 'files')}, ${c.rooms === undefined ? 'rooms' : plural(c.rooms, 'room', 'rooms')} and all its meetings. This cannot be undone.`,
    confirm: 'Delete team',
    done: 'Team deleted',
    doneText: (name: string) => `'${name}' has been deleted.`,
  },

  edit: {
    title: (name: string) => `Team: ${name}`,
    back: 'Teams',
    loading: 'Loading team…',
    notFound: 'Team not found',
    notFoundHint: 'It may have been deleted.',
    loadFailed: 'The team could not be loaded.',
    retry: 'Try again',
    sections: {
      details: 'Details',
      users: 'Users',
      licenses: 'Licenses',
      payment: 'Payment provider',
      info: 'About this team',
    },
    licenseLimit: 'License limit',
    licenseLimitParts: (stripe: number, manual: number) =>
      `${stripe} from the subscription + ${manual} manual`,
    licenseLimitMeta: (meta: number) =>
      `Plus ${plural(meta, 'member', 'members')} with their own headset-store license.`,
    licensesInUse: (inUse: number, total: number) => `${inUse} of ${total} in use`,
    selfManaged: 'Self managed',
    selfManagedOn: 'On: the team may manage its own subscription.',
    selfManagedOff: 'Off: customers cannot change their subscription.',
    picture: 'Picture',
    pictureAlt: (name: string) => `Picture of ${name}`,
    noPicture: 'No picture',
    pictureHint: "The team's admins change the picture under Team > Details.",
    hasSamlSso: 'Single sign-on (SAML)',
    yes: 'Yes',
    no: 'No',
    created: 'Created',
    createdBy: 'Created by',
    edited: 'Edited',
    editedBy: 'Edited by',
    never: 'Never',
    nobody: '—',
    delete: 'Delete',
    save: 'Save',
    reset: 'Discard changes',
    unsavedTitle: 'Leave without saving?',
    unsavedText: 'Your changes to this team have not been saved.',
    leave: 'Leave',
    stay: 'Stay',
  },

  users: {
    join: 'Join this team',
    leaveTeam: 'Leave this team',
    add: 'Add user',
    tableLabel: 'Members',
    columns: {
      name: 'Name',
      position: 'Position',
      email: 'Email',
      licenseType: 'License type',
      role: 'Role',
      actions: 'Actions',
    },
    superAdmin: 'Super admin',
    you: 'You',
    edit: (name: string) => `Edit ${name}'s membership`,
    remove: (name: string) => `Remove ${name} from the team`,
    removeTitle: 'Remove from team',
    removeText: (name: string, team: string) =>
      `${name} will be removed from '${team}'. Their account stays; a license they held becomes free.`,
    removeConfirm: 'Remove',
    removed: 'User removed',
    removedText: (name: string) => `${name} is no longer part of this team.`,
    empty: 'This team has no members yet.',
    emptyHint: 'Add a user, or join the team yourself.',
    shownOf: (shown: number, total: number) => `Showing the first ${shown} of ${total} members.`,
    roles: { None: 'None', User: 'User', Admin: 'Admin' },
    licenseTypes: { None: 'None', Trial: 'Trial', License: 'License' },
  },

  licenses: {
    add: 'Add license',
    tableLabel: 'Manual licenses',
    intro: 'Licenses given by hand, on top of a paid subscription. A license counts while it runs.',
    columns: {
      start: 'Start',
      end: 'End',
      users: 'Users',
      name: 'Name',
      actions: 'Actions',
    },
    active: 'Active',
    activeLabel: 'Active now',
    empty: 'No Licenses assigned',
    edit: (name: string) => `Edit license ${name}`,
    delete: (name: string) => `Delete license ${name}`,
    deleteTitle: 'Delete license',
    deleteText: (name: string, users: number) =>
      `The license '${name}' for ${plural(users, 'user', 'users')} will be deleted. Members it no longer covers go back to Trial.`,
    deleteConfirm: 'Delete',
    deleted: 'License deleted',
  },

  licenseEditor: {
    newTitle: 'Add license',
    editTitle: 'Edit license',
    name: 'Name',
    namePlaceholder: 'e.g. Pilot project spring',
    start: 'Start',
    end: 'End',
    users: 'Users',
    usersHint: 'How many members may hold a License through it.',
    sendEmail: 'Send email',
    sendEmailHint: "Tell the team's admins now that their licenses are available.",
    notCurrent: 'The license is not running now, so no email is sent.',
    pickerPlaceholder: 'Pick date and time',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    created: 'License added',
    saved: 'License saved',
  },

  payment: {
    noCustomer: 'This team has no customer in the payment provider yet.',
    instructions: [
      "The team's admin fills in the company details under Team > Subscription; the customer is then created for them.",
      'Or create a customer in the payment provider yourself and enter its customer id here.',
    ],
    attach: 'Attach customer',
    detailsFirst:
      "Save the team's company name and industry first: they are stored with the customer.",
    attachTitle: 'Attach customer',
    customerIdLabel: 'Customer id',
    customerIdPlaceholder: 'cus_NffrFeUfNV2Hib',
    customerIdHint: "The id of the customer in the payment provider, starting with 'cus_'.",
    attachSubmit: 'Attach',
    cancel: 'Cancel',
    attached: 'Customer attached',
    customerId: 'Customer id',
    billingLater: 'Billing details appear here once billing is connected.',
  },

  membershipSaved: 'Membership saved',
  /** Membership and license save failures (part1 §8). */
  saveFailed: (text: string) => `An error has occurred: ${text}.`,
} as const;
