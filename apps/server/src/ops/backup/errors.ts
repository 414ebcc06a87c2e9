/** A backup or restore that cannot go on: one line for the operator, no stack trace. */
export class BackupError extends Error {}
