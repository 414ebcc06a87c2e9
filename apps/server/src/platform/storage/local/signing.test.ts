import { describe, expect, it } from 'vitest';
import { storageSecret, UrlSigner } from './signing.ts';

const signer = new UrlSigner(storageSecret('x'.repeat(40)));
const now = new Date('2026-03-01T10:00:00Z');
const later = (s: number) => new Date(now.getTime() + s * 1000);

const verify = (query: string, over: Partial<Parameters<UrlSigner['verify']>[0]> = {}) =>
  signer.verify({
    method: 'POST',
    key: 'org/a/b',
    query: new URLSearchParams(query),
    contentType: undefined,
    now,
    ...over,
  });

describe('UrlSigner', () => {
  it('signs like a V4 URL and verifies until the expiry', () => {
    const q = signer.sign({ method: 'POST', key: 'org/a/b', now, expiresInSeconds: 60 });
    expect(q).toMatch(
      /^X-Goog-Date=20260301T100000Z&X-Goog-Expires=60&X-Goog-Signature=[0-9a-f]{64}$/,
    );
    expect(verify(q)).toBe(true);
    expect(verify(q, { now: later(59) })).toBe(true);
    expect(verify(q, { now: later(60) })).toBe(false);
  });

  it('binds the method, the key and every parameter', () => {
    const q = signer.sign({ method: 'POST', key: 'org/a/b', now, expiresInSeconds: 60 });
    expect(verify(q, { method: 'GET' })).toBe(false);
    expect(verify(q, { key: 'org/a/c' })).toBe(false);
    expect(verify(q.replace('Expires=60', 'Expires=600'))).toBe(false);
    expect(verify(q.replace('T100000Z', 'T110000Z'))).toBe(false);
    expect(verify(`${q}&response-content-type=text%2Fhtml`)).toBe(false);
    expect(verify(q, { query: new URLSearchParams('') })).toBe(false);
    const other = new UrlSigner(storageSecret('y'.repeat(40)));
    expect(
      other.verify({
        method: 'POST',
        key: 'org/a/b',
        query: new URLSearchParams(q),
        contentType: undefined,
        now,
      }),
    ).toBe(false);
  });

  it('binds a signed content type', () => {
    const q = signer.sign({
      method: 'POST',
      key: 'org/a/b',
      now,
      expiresInSeconds: 60,
      contentType: 'video/mp4',
    });
    expect(q).toContain('X-Goog-SignedHeaders=content-type');
    expect(verify(q, { contentType: 'video/mp4' })).toBe(true);
    expect(verify(q, { contentType: 'Video/MP4 ' })).toBe(true);
    expect(verify(q, { contentType: 'text/html' })).toBe(false);
    expect(verify(q)).toBe(false);
  });

  it('caps a lifetime at a week and refuses a longer one', () => {
    const q = signer.sign({ method: 'GET', key: 'org/a/b', now, expiresInSeconds: 30 * 86400 });
    expect(q).toContain('X-Goog-Expires=604800');
    expect(verify(q.replace('604800', '604801'), { method: 'GET' })).toBe(false);
  });
});
