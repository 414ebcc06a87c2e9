import { usageLimits } from '@roomscale/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { usageCheckIns, usageMeetingJoins, usageRoomChanges } from '../../db/schema.ts';

/** Who a fact is about: a signed-in user or a guest (never counted as a team's user). */
export type Person = { userId: string } | { guestId: string; email?: string };

export type FactKind = 'checkIn' | 'meetingJoin' | 'roomChange';

/** The facts of one database still being written, and those lost (docs/usage.md "Recording"). */
type Recorder = {
  pending: Set<Promise<void>>;
  failed: Record<FactKind, number>;
  dropped: Record<FactKind, number>;
};
const recorders = new WeakMap<Db, Recorder>();

function recorderOf(db: Db): Recorder {
  let r = recorders.get(db);
  if (!r) {
    const zero = () => ({ checkIn: 0, meetingJoin: 0, roomChange: 0 });
    r = { pending: new Set(), failed: zero(), dropped: zero() };
    recorders.set(db, r);
  }
  return r;
}

/**
 * Writes one fact with one insert, without making the call wait for it: the call has answered
 * (or is answering) from its own statements, and a fact that fails is logged and counted, never
 * turned into the call's error. While `pendingFactsMax` facts are still being written (the
 * database is stuck), further ones are dropped and counted instead of held in memory.
 */
function write(ctx: AppContext, kind: FactKind, insert: () => PromiseLike<unknown>) {
  if (!ctx.config.usage.record) return;
  const r = recorderOf(ctx.db);
  if (r.pending.size >= usageLimits.pendingFactsMax) {
    r.dropped[kind]++;
    ctx.log.warn({ fact: kind }, 'usage fact dropped: too many still being written');
    return;
  }
  const p: Promise<void> = Promise.resolve()
    .then(insert)
    .then(
      () => undefined,
      (err: unknown) => {
        r.failed[kind]++;
        ctx.log.warn({ err, fact: kind }, 'usage fact not recorded');
      },
    )
    .finally(() => r.pending.delete(p));
  r.pending.add(p);
}

/** Resolves once every fact this process started to write on `db` is written or given up. */
export async function usageFactsSettled(db: Db): Promise<void> {
  const r = recorders.get(db);
  while (r && r.pending.size > 0) await Promise.allSettled([...r.pending]);
}

/** Facts that could not be written (`failed`) or were not tried (`dropped`), by kind. */
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
  write(ctx, 'checkIn', () =>
    ctx.db.insert(usageCheckIns).values({
      at,
      ...owner(person),
      seatKey: device.seatKey,
      deviceName: device.deviceName,
      appVersion: userAgent?.trim().slice(0, usageLimits.appVersionMax) || null,
      conflicted: device.conflicted,
    }),
  );
}

/** A person looked a running meeting up by its code, to join it. */
export function recordMeetingJoin(
  ctx: AppContext,
  at: Date,
  meeting: { id: string; organizationId: string | null },
  person: Person,
) {
  write(ctx, 'meetingJoin', () =>
    ctx.db.insert(usageMeetingJoins).values({
      at,
      meetingId: meeting.id,
      organizationId: meeting.organizationId,
      ...owner(person),
      guestEmail: 'guestId' in person ? (person.email ?? null) : null,
    }),
  );
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
  write(ctx, 'roomChange', () => ctx.db.insert(usageRoomChanges).values({ at, ...change }));
}
