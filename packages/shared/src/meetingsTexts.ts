/**
 * Copy of the meetings screens, the dashboard's meetings panel and the public launch page. The
 * spec's exact strings stay in messages.ts (`meetingMessages`); these are the texts around them
 * that the spec leaves to us.
 */

import type { RoomSharingType } from './enums.ts';
import { routeTitles } from './routeTitles.ts';

/** The app's deep links (part2 §2 Launch page). */
export const deepLinks = {
  meeting: (code: string) => `roomscale://meeting/${encodeURIComponent(code)}`,
  room: (roomId: string) => `roomscale://room/${encodeURIComponent(roomId)}`,
} as const;

/** `a=1&b=2`, encoded as URLSearchParams would (the shared package runs without DOM types). */
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%20/g, '+')}`)
    .join('&');

/** The launch page of a meeting or a room, as a path of this site. */
export const launchPaths = {
  meeting: (code: string) => `/launch?${query({ meeting: code })}`,
  /** `room-type` names the room's kind on the page ('private' or 'team'). */
  room: (roomId: string, roomName?: string, sharing?: RoomSharingType) => {
    const kind = sharing ? launchRoomKinds[sharing] : undefined;
    return `/launch?${query({
      room: roomId,
      ...(roomName ? { 'room-name': roomName } : {}),
      ...(kind ? { 'room-type': kind } : {}),
    })}`;
  },
} as const;

/** The `room-type` of a launch address for the sharing types a team's room can have. */
const launchRoomKinds: Partial<Record<RoomSharingType, LaunchRoomKind>> = {
  OwnerUser: 'private',
  OwnerOrganization: 'team',
};
export type LaunchRoomKind = 'private' | 'team';

export const meetingsTexts = {
  routeTitle: routeTitles.meetings,
  launchRouteTitle: routeTitles.launch,
  list: {
    title: 'Meetings',
    intro: 'Plan meetings in virtual reality and invite your team and guests.',
    add: 'Add meeting',
    search: 'Search meetings',
    searchPlaceholder: 'Search by name or code',
    clearSearch: 'Clear search',
    filterLabel: 'Show meetings',
    upcoming: 'Upcoming',
    all: 'All',
    loading: 'Loading meetings…',
    failed: 'The meetings could not be loaded.',
    retry: 'Try again',
    emptyUpcomingTitle: 'No upcoming meetings',
    emptyAllTitle: 'No meetings yet',
    emptyText: 'Plan a meeting, pick its rooms and invite people; they receive the code by email.',
    noMatchTitle: 'No meetings found',
    noMatchText: (query: string) => `No meetings match “${query}”. Try another name or code.`,
    pagination: 'Meetings pages',
    count: (n: number) => (n === 1 ? '1 meeting' : `${n} meetings`),
  },
  card: {
    participants: (n: number) => (n === 1 ? '1 participant' : `${n} participants`),
    rooms: (n: number) => (n === 1 ? '1 room' : `${n} rooms`),
    moderators: 'Moderators',
    users: 'Users',
    guests: 'Guests',
    roomsHeading: 'Rooms',
    temporaryRoom: 'temporary',
    moreRooms: (n: number) => `+${n}`,
    moreRoomsLabel: (n: number) => (n === 1 ? '1 more room' : `${n} more rooms`),
    code: 'Code',
    copyCode: (code: string) => `Copy meeting code ${code}`,
    copyLink: 'Copy link to launch screen',
    openLaunch: 'Open launch page (opens in a new tab)',
    edit: 'Edit meeting',
    delete: 'Delete meeting',
    ongoing: 'Ongoing',
    timeZoneNote: (zone: string) => `Planned in ${zone}`,
  },
  remove: {
    title: 'Delete meeting',
    text: (name: string) =>
      `Delete “${name}”? Participants who were invited receive a cancellation. This cannot be undone.`,
    confirm: 'Delete',
    done: 'Meeting deleted',
  },
  form: {
    createTitle: 'New meeting',
    editTitle: 'Edit meeting',
    create: 'Create meeting',
    save: 'Save changes',
    cancel: 'Cancel',
    created: 'Meeting created',
    saved: 'Meeting saved',
    createdText: (code: string) => `The meeting code is ${code}.`,
    details: 'Details',
    name: 'Name',
    namePlaceholder: 'e.g. Design review',
    description: 'Description',
    descriptionPlaceholder: 'What is the meeting about?',
    when: 'Date and time',
    startDate: 'Start date',
    startTime: 'Start time',
    endDate: 'End date',
    endTime: 'End time',
    hours: 'Hours',
    minutes: 'Minutes',
    timeZone: 'Time zone',
    timeZoneHelp: 'The times above are in this time zone; invitations show it too.',
    people: 'Participants',
    participantSearch: 'Add participants',
    participantSearchPlaceholder: 'Type a name, or an email address to invite a guest',
    participantSearchHelp:
      'Team members are suggested from 2 characters. Anyone else joins as a guest by email.',
    searching: 'Searching…',
    noSuggestions: 'No team members found. Type a full email address to invite a guest.',
    searchFailed: 'Team members could not be searched.',
    addGuest: (email: string) => `Invite ${email} as a guest`,
    alreadyAdded: 'Already added',
    guest: 'Guest',
    moderator: 'Moderator',
    you: 'you',
    moderatorToggle: (name: string) => `Moderator: ${name}`,
    removeParticipant: (name: string) => `Remove ${name}`,
    noParticipants: 'No participants yet.',
    emailNewUsers: 'Email new participants',
    emailNewUsersHelp:
      'New participants receive an invitation with the code, the launch link and a calendar file.',
    rooms: 'Rooms',
    selectRooms: 'Select rooms',
    changeRooms: 'Change rooms',
    noRoomsSelected: 'No rooms selected yet.',
    removeRoom: (name: string) => `Remove room ${name}`,
    temporaryRoom: 'Temporary room',
    temporaryRoomHelp: 'Made from a template for this meeting; it is deleted with the meeting.',
    invalidHint: 'Fill in a name, a time in the future, at least one participant and one room.',
  },
  picker: {
    title: 'Select rooms',
    intro:
      'Pick team rooms, or templates: a template adds a temporary room that exists only for this meeting. Click again to deselect.',
    teamRooms: 'Team rooms',
    templates: 'Room templates',
    noTeamRooms: 'Your team has no rooms yet. Use a template to add a temporary room.',
    noTemplates: 'No room templates available.',
    loading: 'Loading rooms…',
    failed: 'The rooms could not be loaded.',
    retry: 'Try again',
    maxUsers: (n: number) => `Up to ${n} people`,
    selected: 'Selected',
    privateRoom: 'Private',
    template: 'Template',
    teamRoom: 'Team',
    done: 'Done',
    selectedCount: (n: number) => (n === 1 ? '1 room selected' : `${n} rooms selected`),
  },
  panel: {
    title: 'Meetings',
    subtitle: 'Upcoming and ongoing',
    viewAll: 'All meetings',
    create: 'New meeting',
    loading: 'Loading meetings…',
    failed: 'The meetings could not be loaded.',
    retry: 'Try again',
    emptyTitle: 'No upcoming meetings',
    emptyText: 'Plan a meeting and invite your team; it shows up here.',
    codeLabel: 'Code',
    joinLabel: (name: string) => `Join now: ${name} (opens the launch page in a new tab)`,
  },
  launch: {
    kicker: 'Join in virtual reality',
    loading: 'Looking up the meeting…',
    codeLabel: 'Meeting code',
    copyCode: 'Copy meeting code',
    roomLabel: 'Room',
    teamRoom: 'Team room',
    /** The kind above a room's name, from the address's `room-type`; plain 'Room' otherwise. */
    roomKinds: { private: 'Private room', team: 'Team room' } satisfies Record<
      LaunchRoomKind,
      string
    >,
    failed: 'The meeting could not be looked up right now. Please try again in a moment.',
    retry: 'Try again',
    notFoundTitle: 'Meeting not found',
    noCodeTitle: 'Join a meeting',
    noCodeText: 'Enter the code from your invitation to open the meeting in the Roomscale app.',
    codeInput: 'Meeting code',
    codeInputPlaceholder: 'e.g. ABCD234',
    find: 'Find meeting',
    checkCode: 'Check the code in your invitation and try again.',
    stepsTitle: 'How to join',
    launchButton: 'Launch Roomscale',
    launchHelp: 'Opens the Roomscale app on this computer.',
    stepWindows: 'On a Windows PC: launch the Roomscale app with the button above.',
    stepHeadset: 'On a headset: install the Roomscale app on your headset and open it.',
    stepLogin: 'Log in with your Roomscale account, or join as a guest.',
    stepCode: (code: string) => `Enter the meeting code ${code}.`,
    /** `kind` is the room's kind as shown above its name ('Private room', 'Team room', 'Room'). */
    stepRoom: (kind: string, name: string) => `Join the ${kind.toLowerCase()} ${name}.`,
    storeLink: 'Meta Horizon Store',
    picoLink: 'Pico app package',
    concludedText: 'This meeting has ended. Ask the organiser for a new invitation.',
    upcomingText: 'You can already open the app; the meeting starts at the time above.',
  },
} as const;
