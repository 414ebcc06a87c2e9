import { seatLimits } from './seatsGuests.ts';

/**
 * Usage facts and their daily totals (apps/server/src/modules/usage, docs/usage.md).
 *
 * A session of VR use is a run of one person's check-ins in which no check-in comes more than
 * `sessionGapSeconds` after the one before: the VR app checks its seat every
 * `checkInIntervalSeconds` while it runs, and a check-in may be up to `checkInMarginSeconds`
 * late (network, a busy headset) without ending the session.
 */
const checkInIntervalSeconds = seatLimits.recommendedUpdateSeconds;
const checkInMarginSeconds = 60;

/** The kinds of usage facts: a device check-in, a meeting join, a room change. */
export const usageFactKinds = ['checkIn', 'meetingJoin', 'roomChange'] as const;
export type UsageFactKind = (typeof usageFactKinds)[number];

export const usageLimits = {
  /** How often the VR app checks its seat while it runs (the seat call's recommended update). */
  checkInIntervalSeconds,
  /** How late a check-in may come and still continue its session. */
  checkInMarginSeconds,
  /** A gap between two check-ins longer than this ends a session; a gap of exactly this does not. */
  sessionGapSeconds: checkInIntervalSeconds + checkInMarginSeconds,
  /** Raw facts are kept this many days by default (USAGE_FACT_RETENTION_DAYS); daily totals for ever. */
  factRetentionDays: 90,
  /** The VR app's User-Agent is kept as the device's app version, cut to this many characters. */
  appVersionMax: 100,
  /** Facts go in together: one insert per kind at most this often (a crash loses at most these)… */
  factBatchMs: 200,
  /** …or as soon as this many of one kind wait. */
  factBatchRows: 500,
  /**
   * Facts waiting or being written; beyond this (the database is stuck), further facts are
   * dropped and counted rather than held in memory.
   */
  pendingFactsMax: 10_000,
  /** The daily totals are recomputed once per this many seconds, on one instance. */
  rollupEverySeconds: 3600,
  /** Each rollup recomputes this many days up to today (UTC): an outage shorter than that loses nothing. */
  rollupDays: 3,
} as const;
