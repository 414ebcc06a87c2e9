import { type LicenseType, type Role, security } from '@roomscale/shared';
import type { Database } from '../../db/client.ts';
import { Remembered } from '../remembered.ts';

/** An active membership as the access check reads it. */
export type RememberedMembership = { role: Role; licenseType: LicenseType };

/** The channel the database announces changed memberships on (migration 0032). */
export const membershipsChannel = 'roomscale_memberships';

/**
 * Active memberships the access check read a moment ago, so the calls a team's pages make (every
 * list is a team's route) do not each ask the database who the caller is in the team first: that
 * round trip was a fifth of a list call's cost (docs/performance.md "The membership check remembered").
 *
 * A membership must never be trusted once it changed, so an entry is served only while the
 * database's word on changes reaches this instance (`listening`):
 * - Every change to a membership (role, license, removal, a team or account deleted) is
 *   announced by the database when it commits (`pg_notify` on `membershipsChannel`, migration
 *   0032), to every instance listening; `changed` forgets that membership.
 * - Writes made through this instance are seen as they are sent (`written`), before they
 *   commit, so the next call of a test or a screen never waits on the word.
 * - A membership read while a change was under way is not kept: `mark` before the read, `keep`
 *   refuses if anything changed since (`changes`).
 * - While the listener is down nothing is served, and everything is forgotten.
 * - Every entry lives `security.membershipCacheSeconds` at most, which bounds a word lost on the
 *   way; only active memberships are kept (a removed member has none to serve).
 */
export class MembershipCache {
  private readonly entries: Remembered<RememberedMembership>;
  private changes = 0;
  private live = false;
  /** Entries beyond `max` are dropped oldest first: a bound, not a working-set size. */
  constructor(max = 10_000) {
    this.entries = new Remembered(max, security.membershipCacheSeconds);
  }

  private static key(organizationId: string, userId: string) {
    return `${organizationId}:${userId}`;
  }

  get(organizationId: string, userId: string, nowMs: number): RememberedMembership | null {
    if (!this.live) return null;
    return this.entries.get(MembershipCache.key(organizationId, userId), nowMs);
  }

  /** Taken before reading a membership: what `keep` needs to know nothing changed meanwhile. */
  mark(): number {
    return this.changes;
  }

  /** Keeps a membership read since `mark`, unless a change was seen since or no word comes. */
  keep(
    organizationId: string,
    userId: string,
    value: RememberedMembership,
    nowMs: number,
    mark: number,
  ) {
    if (!this.live || mark !== this.changes) return;
    this.entries.set(MembershipCache.key(organizationId, userId), value, nowMs);
  }

  /** The database's word: `<organization id>:<user id>` changed, or `*` for every membership. */
  changed(payload: string) {
    this.changes++;
    if (payload === '*') this.entries.clear();
    else this.entries.forget(payload);
  }

  /**
   * A statement this instance sends: one that may change a membership (an insert, update or
   * delete naming memberships, or deleting users or teams, which takes their memberships) forgets
   * every membership before it runs.
   */
  written(text: string) {
    if (!mayChangeMemberships(text)) return;
    this.changes++;
    this.entries.clear();
  }

  /** Whether the database's word on changes reaches this instance; off forgets everything. */
  listening(on: boolean) {
    this.changes++;
    this.entries.clear();
    this.live = on;
  }
}

const writes = /\b(insert|update|delete)\b/i;
const tables = /\bmemberships\b|\bdelete\s+from\s+"?(users|organizations)\b/i;

/** A statement that may change a membership; a read is never one. */
function mayChangeMemberships(text: string): boolean {
  return writes.test(text) && tables.test(text);
}

/**
 * Feeds the cache what it must know to serve: this instance's statements, and the database's
 * word on every changed membership. Answers the function that stops listening.
 */
export function rememberMemberships(
  database: Pick<Database, 'watchStatements' | 'listen'>,
  cache: MembershipCache,
) {
  database.watchStatements((text) => cache.written(text));
  return database.listen(membershipsChannel, {
    onNotify: (payload) => cache.changed(payload),
    onState: (on) => cache.listening(on),
  });
}
