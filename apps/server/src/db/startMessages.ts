/**
 * The lines the server prints when it cannot start on its database (main.ts prints one and
 * exits 1, no stack trace). Each says what is wrong and what the operator can do.
 */

/** The URL without its credentials, to name it in a message. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'an unreadable URL';
  }
}

export const startMessages = {
  cannotOpenUrl: (url: string, reason: string) =>
    `Cannot open the database at DATABASE_URL (${safeUrl(url)}): ${reason}`,
  cannotOpenDataDir: (location: string, reason: string) =>
    `Cannot open the database in DATA_DIR (${location}): ${reason}`,
  /** An instance of an older build started on a database a newer build has migrated. */
  schemaNewer: (theirs: string, ours: string) =>
    `The database's schema is newer than this version of Roomscale (it has migration ${theirs}, this version knows up to ${ours}): start the newer version, or restore the backup taken before the upgrade to go back to this one.`,
  migrationLockTimeout: (url: string, seconds: number) =>
    `Another instance has been migrating the database at DATABASE_URL (${safeUrl(url)}) for more than ${seconds} seconds (MIGRATION_LOCK_TIMEOUT_SECONDS): look at that instance's log, or raise the setting if its migration is long.`,
} as const;

/** The database could not be opened at start: one line for the operator, no stack trace. */
export class DatabaseOpenError extends Error {}
