import { security } from '@roomscale/shared';

/** What a live session tells the access check: who calls. */
export type LiveSession = { userId: string; email: string; superAdmin: boolean };

type Entry = LiveSession & { until: number };

/**
 * Live sessions the access check confirmed a moment ago, so the requests a page makes at once
 * (and the VR app's polling) do not each ask the database whether the session is still alive
 * (docs/performance.md "The hot path"). An entry lives `security.sessionCacheSeconds` at most and
 * never past the session's own end. Ending sessions in this process (logout, password change,
 * reset, a user's deletion or an admin's edit) forgets them at once; another instance of the
 * server may accept an ended session's access token for at most that many seconds more.
 * One per app context (context.ts): sessions are ended through auth/sessions.ts, which forgets
 * them in it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Entries beyond this are dropped oldest first: a bound, not a working-set size. */
  constructor(private readonly max = 10_000) {}

  get(sessionId: string, nowMs: number): LiveSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry;
  }

  set(sessionId: string, session: LiveSession, nowMs: number, sessionEndsMs: number) {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const until = Math.min(nowMs + security.sessionCacheSeconds * 1000, sessionEndsMs);
    this.entries.set(sessionId, { ...session, until });
  }

  forgetSession(sessionId: string) {
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string) {
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }
}
