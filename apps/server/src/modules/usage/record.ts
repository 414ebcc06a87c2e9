import { type UsageFactKind, usageFactKinds, usageLimits } from '@roomscale/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { usageCheckIns, usageMeetingJoins, usageRoomChanges } from '../../db/schema.ts';

/** Who a fact is about: a signed-in user or a guest (never counted as a team's user). */
export type Person = { userId: string } | { guestId: string; email?: string };

export type FactKind = UsageFactKind;

type Tables = {
  checkIn: typeof usageCheckIns;
  meetingJoin: typeof usageMeetingJoins;
  roomChange: typeof usageRoomChanges;
};
const tables: Tables = {
  checkIn: usageCheckIns,
  meetingJoin: usageMeetingJoins,
  roomChange: usageRoomChanges,
};
type Row<K extends FactKind> = Tables[K]['$inferInsert'];
const perKind = () => ({ checkIn: 0, meetingJoin: 0, roomChange: 0 });

/**
 * The facts of one database (one app) waiting for their insert, the inserts under way, and the
 * facts lost (docs/usage.md "Recording").
 */
type Recorder = {
  waiting: { [K in FactKind]: Row<K>[] };
  /** Facts waiting or being written, all kinds. */
  held: number;
  timer: NodeJS.Timeout | null;
  writes: Set<Promise<void>>;
  failed: Record<FactKind, number>;
  dropped: Record<FactKind, number>;
};
const recorders = new WeakMap<Db, Recorder>();

function recorderOf(db: Db): Recorder {
  let r = recorders.get(db);
  if (!r) {
    r = {
      waiting: { checkIn: [], meetingJoin: [], roomChange: [] },
      held: 0,
      timer: null,
      writes: new Set(),
      failed: perKind(),
      dropped: perKind(),
    };
    recorders.set(db, r);
  }
  return r;
}

/**
 * Writes the waiting facts: one multi-row insert per kind. A failed insert is logged and its
 * facts counted as lost; it is not retried (a fact is worth less than the calls' time).
 */
function flush(ctx: AppContext, r: Recorder) {
  if (r.timer) clearTimeout(r.timer);
  r.timer = null;
  for (const kind of usageFactKinds) {
    const rows = r.waiting[kind];
    if (rows.length === 0) continue;
    r.waiting[kind] = [];
    const write: Promise<void> = Promise.resolve()
      .then(() => ctx.db.insert(tables[kind]).values(rows as never))
      .then(
        () => undefined,
        (err: unknown) => {
          r.failed[kind] += rows.length;
          ctx.metrics?.usageFactsLost.inc({ kind, reason: 'failed' }, rows.length);
          ctx.log.warn({ err, fact: kind, facts: rows.length }, 'usage fact not recorded');
        },
      )
      .finally(() => {
        r.held -= rows.length;
        r.writes.delete(write);
      });
    r.writes.add(write);
  }
}

/**
 * Keeps one fact for the next insert, without making the call wait: the call has done its own
 * work, and a fact that fails is logged and counted, never turned into the call's error. Facts
 * go in together, one insert per kind at most every `usageLimits.factBatchMs` or per
 * `factBatchRows` facts, so a call's share of the cost is a fraction of one insert. While
 * `pendingFactsMax` facts are held (the database is stuck), further ones are dropped and counted
 * instead of piling up in memory.
 */
function keep<K extends FactKind>(ctx: AppContext, kind: K, row: Row<K>) {
  if (!ctx.config.usage.record) return;
  const r = recorderOf(ctx.db);
  if (r.held >= usageLimits.pendingFactsMax) {
    r.dropped[kind]++;
    ctx.metrics?.usageFactsLost.inc({ kind, reason: 'dropped' });
    if (r.dropped[kind] % 100 === 1) {
      ctx.log.warn({ fact: kind, dropped: r.dropped[kind] }, 'usage fact dropped: too many held');
    }
    return;
  }
  (r.waiting[kind] as Row<K>[]).push(row);
  r.held++;
  if (r.waiting[kind].length >= usageLimits.factBatchRows) flush(ctx, r);
  else if (!r.timer) {
    r.timer = setTimeout(() => flush(ctx, r), usageLimits.factBatchMs);
    r.timer.unref();
  }
}

/** Writes the facts still waiting and resolves once every one kept on `db` is written or lost. */
export async function usageFactsSettled(ctx: Pick<AppContext, 'db' | 'log' | 'config'>) {
  const r = recorders.get(ctx.db);
  if (!r) return;
  flush(ctx as AppContext, r);
  while (r.writes.size > 0) await Promise.allSettled([...r.writes]);
}

/** Facts that could not be written (`failed`) or were not kept (`dropped`), by kind. */
export function usageFactLosses(db: Db) {
  const r = recorderOf(db);
  return { failed: { ...r.failed }, dropped: { ...r.dropped } };
}

const owner = (p: Person) =>
  'userId' in p ? { userId: p.userId, guestId: null } : { userId: null, guestId: p.guestId };

/** A device checked its seat; `userAgent` is the calling app's, as its version. */
export function recordCheckIn(
  ctx: AppContext,
  at: Date,
  person: Person,
  device: { seatKey: string; deviceName: string; conflicted: boolean },
  userAgent: string | undefined,
) {
  keep(ctx, 'checkIn', {
    at,
    ...owner(person),
    seatKey: device.seatKey,
    deviceName: device.deviceName,
    appVersion: userAgent?.trim().slice(0, usageLimits.appVersionMax) || null,
    conflicted: device.conflicted,
  });
}

/** A person looked a running meeting up by its code, to join it. */
export function recordMeetingJoin(
  ctx: AppContext,
  at: Date,
  meeting: { id: string; organizationId: string | null },
  person: Person,
) {
  keep(ctx, 'meetingJoin', {
    at,
    meetingId: meeting.id,
    organizationId: meeting.organizationId,
    ...owner(person),
    guestEmail: 'guestId' in person ? (person.email ?? null) : null,
  });
}

/** A moderator or team admin moved a meeting from one of its rooms to another. */
export function recordRoomChange(
  ctx: AppContext,
  at: Date,
  change: {
    meetingId: string;
    organizationId: string | null;
    fromRoomId: string | null;
    toRoomId: string;
    byUserId: string;
  },
) {
  keep(ctx, 'roomChange', { at, ...change });
}
