import { routeTitles } from './routeTitles.ts';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mon 7 Sep 2026' of a calendar day `YYYY-MM-DD` (a day, not an instant: no zone shift). */
export function insightDay(day: string, withYear = true): string {
  const d = new Date(`${day}T00:00:00Z`);
  const text = `${weekdays[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]}`;
  return withYear ? `${text} ${d.getUTCFullYear()}` : text;
}

/** 'Mon 7 Sep' of a week's Monday, the charts' axis. */
export const insightWeekLabel = (day: string) => insightDay(day, false);

const hours = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** User-facing texts of the usage insight screens (issue 29 §2–§3). */
export const insightTexts = {
  tab: 'Usage',
  routeTitle: routeTitles.teamUsage,
  intro: 'How your team uses its licenses, its time in VR and its meetings.',
  /** The period every chart and table shows, in words. */
  period: (weeks: number, from: string, to: string, zone: string) =>
    `${weeks} weeks from ${insightDay(from, from.slice(0, 4) !== to.slice(0, 4))} to ${insightDay(to)}, times in ${zone}`,
  loading: 'Loading usage…',
  loadFailed: 'The usage could not be loaded',
  retry: 'Try again',
  empty: 'No use recorded yet',
  emptyHint:
    'Once your team’s headsets and PCs sign in and join meetings, their weekly use shows here.',
  downloadCsv: 'Download CSV',
  downloadFailed: 'The CSV could not be downloaded. Try again.',
  showTable: 'Show the numbers',
  hideTable: 'Hide the numbers',
  week: 'Week of',
  hoursValue: (seconds: number) => hours.format(seconds / 3600),
  charts: {
    activeUsers: {
      title: 'Active users',
      intro: 'Members with a headset or PC in VR on a day of the week.',
      series: { activeUsers: 'Active users' },
    },
    hours: {
      title: 'Hours in VR',
      intro: 'Time in VR summed over the members’ sessions.',
      series: { hours: 'Hours in VR' },
    },
    meetings: {
      title: 'Meetings and attendance',
      intro: 'Meetings someone joined, and the people who joined them (distinct per day).',
      series: { meetingsHeld: 'Meetings held', userAttendees: 'Users', guestAttendees: 'Guests' },
    },
    licenses: {
      title: 'Licenses held and used',
      intro: 'Licensed members in VR in the week, against the licenses the team held that week.',
      series: { licensesHeld: 'Licenses held', licensesUsed: 'Licenses used' },
    },
  },
  devices: {
    title: 'Devices',
    intro: 'The headsets and PCs holding your members’ seats, latest seen first.',
    caption: 'Devices of the team’s members',
    device: 'Device',
    user: 'User',
    appVersion: 'App version',
    lastSeen: 'Last seen',
    state: 'State',
    unknownVersion: 'Unknown',
    updateRequired: 'Required update passed',
    updateRequiredHint: (at: string) =>
      `No check-in since the deadline ${at}: the seat is free until the device checks in again.`,
    active: 'Holding the seat',
    conflict: (other: string | null) =>
      other ? `Conflict with ${other}` : 'Conflict with another device',
    empty: 'No devices have signed in yet',
    loadFailed: 'The devices could not be loaded',
    pagesLabel: 'Device pages',
  },
  attendance: {
    open: 'Attendance',
    title: (name: string) => `Attendance of ${name}`,
    loading: 'Loading attendance…',
    loadFailed: 'The attendance could not be loaded',
    caption: 'Who joined',
    name: 'Name',
    kind: 'Kind',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
    duration: 'Time in meeting',
    guest: 'Guest',
    user: 'User',
    nobody: 'Nobody has joined this meeting yet.',
    neverJoined: 'Invited, never joined',
    everyoneJoined: 'Every invitee joined.',
    times: (zone: string) => `Times in ${zone}`,
    close: 'Close',
  },
  lastInVr: {
    label: 'Last in VR',
    never: 'Never in VR',
    /** The exact time on hover. */
    exact: (at: string) => `Last in VR: ${at}`,
    filter: 'Licensed, not in VR for 30 days',
    filterHint: 'Members holding a license who have not been in VR for 30 days: licenses to move.',
  },
  platform: {
    title: 'Platform usage',
    intro: 'Use of the whole platform, week by week.',
    loadFailed: 'The platform usage could not be loaded',
    activeUsers: {
      title: 'Weekly active users and teams',
      series: { activeUsers: 'Active users', activeTeams: 'Active teams' },
    },
    hours: { title: 'Hours in VR', series: { hours: 'Hours in VR' } },
    meetings: { title: 'Meetings held', series: { meetingsHeld: 'Meetings held' } },
    most: 'Most use of their licenses',
    least: 'Least use of their licenses',
    team: 'Team',
    licensesHeld: 'Licenses held',
    licensesUsed: 'Licenses used',
    share: 'Share used',
    noTeams: 'No team holds licenses yet.',
  },
  /** The CSV downloads' header rows and status cells; the zone names the times' zone. */
  csv: {
    teamUsage: (zone: string) => [
      `Week (Monday, ${zone})`,
      'Active users',
      'Licenses used',
      'Licenses held',
      'Hours in VR',
      'Seconds in VR',
      'Meetings held',
      'User attendees',
      'Guest attendees',
    ],
    attendance: (zone: string) => [
      'Status',
      'Kind',
      'Name',
      'Email',
      `First seen (${zone})`,
      `Last seen (${zone})`,
      'Duration (seconds)',
    ],
    joined: 'Joined',
    neverJoined: 'Never joined',
  },
} as const;

/** A duration in seconds as '1 h 05 min' / '12 min' / 'under a minute'. */
export function insightDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago' of an instant before `now`. */
export function insightAgo(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  for (const [unit, size] of steps) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
