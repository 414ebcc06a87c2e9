import type { RoomSharingType, RoomTemplateFilter, TemplateSharingType } from './enums.ts';
import { routeTitles } from './routeTitles.ts';

/**
 * Copy of the Rooms screen and its modals (part2 §2, §5, §8) and of the admin room template
 * screens (part1 §2). The spec's exact messages stay in messages.ts (roomMessages) and
 * shellTexts.ts (successTitles); these are the texts around them that the spec leaves to us.
 */

/** The 'Sharing Filter' choices of the Rooms screen; 'All' filters nothing. */
export const RoomSharingFilters = ['All', 'Team', 'Private'] as const;
export type RoomSharingFilter = (typeof RoomSharingFilters)[number];

/** part2 §2: team plus private sharing, rooms only. */
export const defaultRoomFilters = {
  sharing: ['Team', 'Private'] as RoomSharingFilter[],
  roomType: 'Rooms' as RoomTemplateFilter,
};

/** How a sharing type reads on cards and in the room modal. */
export const sharingTypeLabels: Record<RoomSharingType, string> = {
  None: 'Hidden',
  OrganizationAllowlist: 'Custom team template',
  OwnerUser: 'Private',
  OwnerOrganization: 'Team',
  Public: 'Product template',
};

export const roomsTexts = {
  title: routeTitles.rooms,
  intro: 'The virtual spaces your team meets in. Open a room to see its details or launch it.',
  addRoom: 'Add room',
  filters: {
    sharing: 'Sharing Filter',
    roomType: 'Room type filter',
    sharingOptions: { All: 'All', Team: 'Team', Private: 'Private' } satisfies Record<
      RoomSharingFilter,
      string
    >,
    roomTypeOptions: { Rooms: 'Rooms', Templates: 'Templates', All: 'All' } satisfies Record<
      RoomTemplateFilter,
      string
    >,
    reset: 'Show everything',
  },
  count: (n: number) => (n === 1 ? '1 room' : `${n} rooms`),
  loading: 'Loading rooms…',
  loadingMore: 'Loading more rooms…',
  loadMore: 'Load more',
  allLoaded: 'All rooms are shown',
  loadFailed: 'The rooms could not be loaded.',
  retry: 'Try again',
  templateBadge: 'Template',
  maxUsers: (n: number) => (n === 1 ? 'Up to 1 user' : `Up to ${n} users`),
  open: (name: string) => `Open ${name}`,

  add: {
    title: 'Add room',
    templatesHeading: 'Choose a template',
    templatesLoading: 'Loading room templates…',
    templatesFailed: 'The room templates could not be loaded.',
    name: 'Name',
    description: 'Description',
    sharing: 'Who can use it',
    teamRoom: 'Team room',
    privateRoom: 'Private room',
    create: 'Create room',
    cancel: 'Cancel',
    pickFirst: 'Choose a template to continue.',
    created: (name: string) => `The room '${name}' has been created.`,
  },

  view: {
    close: 'Close',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    duplicate: 'Duplicate room',
    toTemplate: 'Convert to template',
    toRoom: 'Convert to room',
    launch: 'Launch',
    launchNote: '(opens the launch page in a new tab)',
    description: 'Description',
    noDescription: 'No description',
    maxUsers: 'Max users',
    sharingType: 'Sharing type',
    persistence: 'Persistence',
    persistent: 'Room objects are kept in-between sessions',
    notPersistent: 'Room objects are cleared after each session',
    isTemplate: 'Room template: it cannot be joined; rooms are created from it.',
    lockedData: (n: number) =>
      n === 1
        ? '1 locked object is part of this room. It stays in every session and is copied when the room is duplicated.'
        : `${n} locked objects are part of this room. They stay in every session and are copied when the room is duplicated.`,
    noLockedData: 'No locked objects are placed in this room.',
    productTemplate: 'This template is provided by Roomscale and cannot be changed by a team.',
    saved: (name: string) => `The room '${name}' has been saved.`,
    deleted: 'Room deleted',
    deletedText: (name: string) => `'${name}' has been deleted.`,
  },

  confirm: {
    duplicateTitle: 'Duplicate room',
    duplicateText: (copyName: string) =>
      `A copy named '${copyName}' will be created with the locked objects of this room.`,
    duplicateConfirm: 'Duplicate',
    toTemplateTitle: 'Convert to template',
    toTemplateText: (name: string) =>
      `'${name}' becomes a room template: it can no longer be joined, and new rooms can be created from it.`,
    toRoomTitle: 'Convert to room',
    toRoomText: (name: string) =>
      `'${name}' becomes a room again that can be joined and used in meetings.`,
    convertConfirm: 'Convert',
    deleteTitle: 'Delete room',
    deleteText: (name: string) =>
      `'${name}' and every object placed in it will be deleted. This cannot be undone.`,
    deleteConfirm: 'Delete',
  },
} as const;

export const templateSharingLabels: Record<TemplateSharingType, string> = {
  None: 'None',
  OrganizationAllowlist: 'Organization allowlist',
  Public: 'Public',
};

export const templateSharingHelp: Record<TemplateSharingType, string> = {
  None: 'Hidden: no team is offered this template.',
  OrganizationAllowlist: 'Only the allowed teams below are offered this template.',
  Public: 'Every team is offered this template.',
};

export const adminTexts = {
  title: routeTitles.admin,
  ribbonLabel: 'Admin sections',
  superAdminBadge: 'Super admin',
  tabs: {
    users: routeTitles.adminUsers,
    teams: routeTitles.adminTeams,
    roomTemplates: routeTitles.roomTemplates,
    auditLog: routeTitles.adminAuditLog,
  },

  templates: {
    title: routeTitles.roomTemplates,
    intro: 'Templates teams create their rooms from.',
    search: 'Search room templates',
    searchPlaceholder: 'Search by name or description',
    clearSearch: 'Clear search',
    newTemplate: 'New room template',
    count: (n: number) => (n === 1 ? '1 room template' : `${n} room templates`),
    roomCount: (n: number) => (n === 1 ? '1 room' : `${n} rooms`),
    roomCountLabel: 'Rooms created from this template',
    edit: (name: string) => `Edit ${name}`,
    delete: (name: string) => `Delete ${name}`,
    empty: 'No room templates yet',
    emptyHint: 'Create the first one with the New room template button.',
    noMatch: 'No room templates found',
    noMatchHint: (search: string) => `Nothing matches '${search}'. Try another search.`,
    loadFailed: 'The room templates could not be loaded.',
    retry: 'Try again',
    pagination: 'Room template pages',
    prompt: {
      title: 'New room template',
      label: 'Name',
      hint: 'You complete the template on the next page. It stays hidden from teams until you share it.',
      submit: 'Create',
      cancel: 'Cancel',
    },
    deleteTitle: 'Delete room template',
    deleteText: (name: string, rooms: number) =>
      rooms > 0
        ? `'${name}' will be deleted. The ${rooms === 1 ? 'room' : `${rooms} rooms`} created from it stay, but no longer receive its changes. This cannot be undone.`
        : `'${name}' will be deleted. This cannot be undone.`,
    deleteConfirm: 'Delete',
    deleted: 'Room template deleted',
    deletedText: (name: string) => `'${name}' has been deleted.`,
  },

  templateEdit: {
    pageTitle: routeTitles.roomTemplate,
    back: 'Room templates',
    loading: 'Loading room template…',
    notFound: 'Room template not found',
    notFoundHint: 'It may have been deleted.',
    loadFailed: 'The room template could not be loaded.',
    retry: 'Try again',
    sections: {
      general: 'General',
      app: 'VR app',
      capabilities: 'Capabilities',
      sharing: 'Sharing',
    },
    propagatedNote:
      'Fields marked with * are saved to all rooms created from this template when you save.',
    propagatedMark: 'saved to all rooms created from this template',
    labels: {
      name: 'Name',
      category: 'Category',
      description: 'Description',
      imageUrl: 'Image url',
      sceneName: 'Scene name',
      addressableUrlAndroid: 'Addressable url Android',
      addressableUrlWindows: 'Addressable url Windows',
      addressableUrlMac: 'Addressable url Mac',
      maxUsers: 'Max users',
      persistent: 'Persistent',
      capability: (n: number) => `Capability ${n}`,
      sharingType: 'Sharing type',
      allowedTeams: 'Allowed teams',
    },
    hints: {
      imageUrl: 'An https address, or a path on this server such as /room-templates/lounge.svg',
      persistent: 'New rooms keep their objects in-between sessions',
    },
    imagePreview: 'Image preview',
    noImage: 'No image set',
    imageBroken: 'The image could not be loaded',
    addCapability: 'Add capability',
    removeCapability: (n: number) => `Remove capability ${n}`,
    noCapabilities: 'No capabilities yet.',
    allowedTeamsHint: 'Type to search teams by name. Editable only for Organization allowlist.',
    allowedTeamsDisabled: 'Allowed teams apply only to the Organization allowlist sharing type.',
    searchTeams: 'Search teams by name',
    searchingTeams: 'Searching teams…',
    noTeamFound: 'No team found',
    unknownTeamName: (id: string) => `Team ${id.slice(0, 8)}…`,
    info: {
      title: 'History',
      created: 'Created',
      edited: 'Edited',
      by: 'by',
      never: 'Never',
      rooms: 'Rooms created from it',
    },
    save: 'Save',
    reset: 'Discard changes',
    saved: 'Room template saved',
    unsavedTitle: 'Leave without saving?',
    unsavedText: 'Your changes to this room template have not been saved.',
    leave: 'Leave',
    stay: 'Stay',
  },
} as const;

/** Accessible names of the page links (admin lists). */
export const pagerTexts = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  page: (n: number) => `Page ${n}`,
} as const;
