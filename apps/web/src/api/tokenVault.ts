/** A session's tokens, as both copies hold them; `validUntil` is the access token's end (ms). */
export type StoredTokens = { accessToken: string; refreshToken: string; validUntil: number };

/**
 * The session's tokens in IndexedDB: the copy tabs read while they hold the refresh lock.
 *
 * Local storage is shared between tabs too, but Chromium hands a write to the other tabs
 * asynchronously: a tab that takes the lock right after another tab released it may still read
 * the refresh token that tab has just spent (often, in Chromium: docs/ARCHITECTURE.md §4),
 * present it again, and the server then ends the session as a token reuse. IndexedDB
 * transactions are ordered across tabs: once a write has committed, the next reader sees it.
 *
 * Resolves `undefined` where IndexedDB is missing or fails (old browsers, some private modes,
 * tests): the caller then has local storage only.
 */
const DB_NAME = 'roomscale';
const STORE = 'session';
const KEY = 'tokens';

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

export async function readVault(): Promise<StoredTokens | null | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve((req.result as StoredTokens | undefined) ?? null);
      req.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Resolves once the write has committed (or failed), so a lock released after it is safe. */
export async function writeVault(tokens: StoredTokens | null): Promise<void> {
  const db = await open();
  if (!db) return;
  await new Promise<void>((resolve) => {
    try {
      const tx = db.transaction(STORE, 'readwrite');
      if (tokens) tx.objectStore(STORE).put(tokens, KEY);
      else tx.objectStore(STORE).delete(KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => resolve();
      tx.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
}
