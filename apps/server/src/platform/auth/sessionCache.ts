import { security } from '@roomscale/shared';
import { Remembered } from '../remembered.ts';

/** What a live session tells the access check: who calls. */
export type LiveSession = { userId: string; email: string; superAdmin: boolean };

/** What a live guest session tells the access check: which guest calls (docs/guests.md). */
export type LiveGuestSession = { guestId: string; email: string };

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
    this.users = new Remembered(max, security.sessionCacheSeconds);
    this.guests = new Remembered(max, security.sessionCacheSeconds);
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
