import { security } from '@roomscale/shared';

/** What a live session tells the access check: who calls. */
export type LiveSession = { userId: string; email: string; superAdmin: boolean };

/** What a live guest session tells the access check: which guest calls (docs/guests.md). */
export type LiveGuestSession = { guestId: string; email: string };

/**
 * Values kept by session id, each for `security.sessionCacheSeconds` at most and never past its
 * session's own end. Entries beyond `max` are dropped oldest first: a bound, not a working-set
 * size.
 */
class Remembered<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(private readonly max: number) {}

  get(sessionId: string, nowMs: number): T | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.value;
  }

  set(sessionId: string, value: T, nowMs: number, sessionEndsMs: number) {
    // Set again, an entry counts as the newest.
    this.entries.delete(sessionId);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const until = Math.min(nowMs + security.sessionCacheSeconds * 1000, sessionEndsMs);
    this.entries.set(sessionId, { value, until });
  }

  forget(sessionId: string) {
    this.entries.delete(sessionId);
  }

  forgetWhere(matches: (value: T) => boolean) {
    for (const [id, entry] of this.entries) if (matches(entry.value)) this.entries.delete(id);
  }
}

/**
 * Live sessions the access check confirmed a moment ago, users' and guests' apart, so the
 * requests a page makes at once (and the VR app's polling, a guest's too) do not each ask the
 * database whether the session is still alive (docs/performance.md "The hot path"). An entry
 * lives `security.sessionCacheSeconds` at most and never past the session's own end. Ending
 * sessions in this process (logout, password change, reset, a user's deletion or an admin's
 * edit; guest logout) forgets them at once; another instance of the server may accept an ended
 * session's access token, or guest token, for at most that many seconds more.
 * One per app context (context.ts): user sessions are ended through auth/sessions.ts and guest
 * sessions by guest logout (guests/service.ts), which forget them in it.
 */
export class SessionCache {
  private readonly users: Remembered<LiveSession>;
  private readonly guests: Remembered<LiveGuestSession>;
  /** Each kind keeps at most `max` entries, dropping the oldest beyond. */
  constructor(max = 10_000) {
    this.users = new Remembered(max);
    this.guests = new Remembered(max);
  }

  get(sessionId: string, nowMs: number): LiveSession | null {
    return this.users.get(sessionId, nowMs);
  }

  set(sessionId: string, session: LiveSession, nowMs: number, sessionEndsMs: number) {
    this.users.set(sessionId, session, nowMs, sessionEndsMs);
  }

  getGuest(sessionId: string, nowMs: number): LiveGuestSession | null {
    return this.guests.get(sessionId, nowMs);
  }

  setGuest(sessionId: string, session: LiveGuestSession, nowMs: number, sessionEndsMs: number) {
    this.guests.set(sessionId, session, nowMs, sessionEndsMs);
  }

  /** Forgets the session, a user's or a guest's. */
  forgetSession(sessionId: string) {
    this.users.forget(sessionId);
    this.guests.forget(sessionId);
  }

  forgetUser(userId: string) {
    this.users.forgetWhere((session) => session.userId === userId);
  }
}
