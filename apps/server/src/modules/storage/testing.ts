import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { newObjectKey, teamKeyPrefix } from '../../platform/storage/keys.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The app listening on a real loopback port, for streaming and aborted requests. */
export type LiveApp = TestApp & {
  origin: string;
  /** A storage address of the app with the public origin replaced by the listening one. */
  local(url: string): string;
};

export async function startLiveApp(): Promise<LiveApp> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const local = (url: string) => {
    if (!url.startsWith(t.config.publicUrl)) throw new Error(`not one of ours: ${url}`);
    return origin + url.slice(t.config.publicUrl.length);
  };
  return { ...t, origin, local };
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
export const md5Base64 = (data: Uint8Array) => createHash('md5').update(data).digest('base64');
export const bytes = (n: number) => new Uint8Array(randomBytes(n));

/** A fresh key of some team, its signed upload address, and the session URL of a started upload. */
export async function startSession(
  t: LiveApp,
  opts: { contentType?: string; headers?: Record<string, string> } = {},
) {
  const key = newObjectKey(teamKeyPrefix(randomUUID()));
  const { url } = await t.ctx.storage.createUploadUrl(key);
  const res = await fetch(t.local(url), {
    method: 'POST',
    headers: {
      'x-goog-resumable': 'start',
      'content-type': opts.contentType ?? 'application/octet-stream',
      ...opts.headers,
    },
  });
  if (res.status !== 201) throw new Error(`start answered ${res.status}`);
  const location = res.headers.get('location')!;
  return { key, uploadUrl: url, location, session: t.local(location) };
}

/** PUT part of an upload; fetch follows no redirect here because a 308 has no Location. */
export function putRange(session: string, range: string, body?: Uint8Array, extra = {}) {
  return fetch(session, {
    method: 'PUT',
    headers: { 'content-range': range, ...extra },
    // A copy typed Uint8Array<ArrayBuffer>, which every BodyInit typing accepts.
    body: new Uint8Array(body ?? []),
  });
}
