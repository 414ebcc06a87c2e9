/**
 * Values kept by key for `seconds` at most, and never past the end each is given. Entries beyond
 * `max` are dropped oldest first: a bound, not a working-set size. The access check's caches
 * (auth/sessionCache.ts, auth/membershipCache.ts) keep what they confirmed a moment ago in one
 * each, the local storage the download addresses it signed lately (storage/local).
 */
export class Remembered<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(
    readonly max: number,
    private readonly seconds: number,
  ) {}

  /** How many entries are kept now, those past their end included until asked for. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, nowMs: number): T | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  set(key: string, value: T, nowMs: number, endsMs = Number.POSITIVE_INFINITY) {
    // Set again, an entry counts as the newest.
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: Math.min(nowMs + this.seconds * 1000, endsMs) });
  }

  forget(key: string) {
    this.entries.delete(key);
  }

  forgetWhere(matches: (value: T) => boolean) {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
