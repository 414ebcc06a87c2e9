import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectMeta } from './objects.ts';

/**
 * An upload session on disk: the bytes so far in `uploads/<id>.part` (its length is the stored
 * range: writes are sequential and a rewind truncates) and this record in `uploads/<id>.json`.
 * Being files on one disk, sessions belong to one server process: the local driver is for a
 * single node (a fleet uses Google Cloud Storage).
 */
export type SessionRecord = {
  key: string;
  contentType: string;
  created: string;
  expires: string;
  /** The object's size once a client has declared it. */
  total: number | null;
  /** The finished object, once the last byte arrived. */
  complete: ObjectMeta | null;
};

const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, base64url. */
export const newSessionId = () => randomBytes(32).toString('base64url');
export const isSessionId = (id: string) => idPattern.test(id);

export class SessionFiles {
  constructor(readonly dir: string) {}

  partPath(id: string): string {
    if (!isSessionId(id)) throw new Error('Invalid upload id');
    return join(this.dir, `${id}.part`);
  }

  private recordPath(id: string): string {
    if (!isSessionId(id)) throw new Error('Invalid upload id');
    return join(this.dir, `${id}.json`);
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    await writeFile(this.partPath(id), '', { flag: 'wx' });
    await this.save(id, record);
  }

  async load(id: string): Promise<SessionRecord | null> {
    if (!isSessionId(id)) return null;
    try {
      return JSON.parse(await readFile(this.recordPath(id), 'utf8')) as SessionRecord;
    } catch {
      return null;
    }
  }

  async save(id: string, record: SessionRecord): Promise<void> {
    const path = this.recordPath(id);
    await writeFile(`${path}.tmp`, JSON.stringify(record));
    await rename(`${path}.tmp`, path);
  }

  /** Bytes stored so far; null when the part file is gone. */
  async storedBytes(id: string): Promise<number | null> {
    try {
      return (await stat(this.partPath(id))).size;
    } catch {
      return null;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.partPath(id), { force: true });
    await rm(this.recordPath(id), { force: true });
  }

  /** Sessions still taking bytes: a finished session's part file became its object. */
  async openCount(): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.part')).length;
  }

  /** Ids of every session on disk. */
  async ids(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter(isSessionId);
  }
}
