import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { isValidKey } from '../keys.ts';

/** The sidecar of a finished object. */
export type ObjectMeta = {
  contentType: string;
  size: number;
  /** Base64 MD5 of the content, as Google Cloud Storage reports `md5Hash`. */
  md5: string;
  created: string;
};

/**
 * Finished objects of the local driver: the bytes at `objects/<key>` and their metadata at
 * `objects/<key>.meta.json`. Key segments never contain a dot, so the two cannot collide.
 */
export class LocalObjects {
  constructor(private readonly root: string) {}

  dataPath(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(this.root, key);
  }

  private metaPath(key: string): string {
    return `${this.dataPath(key)}.meta.json`;
  }

  /** Moves a finished upload into place, then records its metadata. */
  async put(key: string, fromPath: string, meta: ObjectMeta): Promise<void> {
    const target = this.dataPath(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(fromPath, target);
    await this.writeMeta(key, meta);
  }

  /** Replaces the recorded content type of an object; nothing happens when it is missing. */
  async setContentType(key: string, contentType: string): Promise<void> {
    const meta = await this.meta(key);
    if (meta && meta.contentType !== contentType)
      await this.writeMeta(key, { ...meta, contentType });
  }

  /** Written beside, then renamed: a reader sees the old sidecar or the new one, never half. */
  private async writeMeta(key: string, meta: ObjectMeta) {
    const metaPath = this.metaPath(key);
    const temp = `${metaPath}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(meta));
    await rename(temp, metaPath);
  }

  /** The metadata of an object, or null when there is none (or the key is not one of ours). */
  async meta(key: string): Promise<ObjectMeta | null> {
    if (!isValidKey(key)) return null;
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as ObjectMeta;
    } catch {
      return null;
    }
  }

  /** Keys and creation times of the objects under a key prefix, read from their sidecars. */
  async *list(prefix: string): AsyncIterable<{ key: string; created: Date }> {
    const top = prefix.split('/')[0]!;
    if (!isValidKey(`${top}/x`)) return;
    const dir = join(this.root, top);
    const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.meta.json')) continue;
      const key = `${top}/${relative(dir, join(dir, name.slice(0, -'.meta.json'.length)))
        .split(sep)
        .join('/')}`;
      if (!key.startsWith(prefix)) continue;
      const meta = await this.meta(key);
      if (meta) yield { key, created: new Date(meta.created) };
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await rm(this.metaPath(key), { force: true });
    await rm(this.dataPath(key), { force: true });
  }

  /** Removes everything under a key prefix such as `org/{id}/`. */
  async deletePrefix(prefix: string): Promise<void> {
    const dir = prefix.replace(/\/$/, '');
    if (!prefix.endsWith('/') || !isValidKey(`${dir}/x`)) {
      throw new Error(`Invalid storage prefix: ${prefix}`);
    }
    await rm(join(this.root, dir), { recursive: true, force: true });
  }
}
