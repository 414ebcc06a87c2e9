import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { usersApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnchecked } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { newObjectKey, teamKeyPrefix } from '../storage/keys.ts';

// How the web app and JSON answers travel: pre-compressed hashed assets cached for good, the
// HTML checked on every use, JSON compressed above a small size, stored files never re-encoded.

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = '<!doctype html><title>Roomscale</title><div id="root"></div>';

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'roomscale-web-'));
  await mkdir(join(webDist, 'assets'));
  const asset = join(webDist, 'assets', 'app-Ab12Cd34.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  await writeFile(join(webDist, 'index.html'), html);
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('sends the brotli file of a hashed asset, cached for a year as immutable', async () => {
    const res = await t.app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('asks the browser to check the HTML and unhashed files on every use', async () => {
    for (const url of ['/dashboard', '/team/users?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold with the encoding the client prefers', async () => {
    // The OpenAPI document: a large answer outside the contract.
    const res = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await t.app.inject({ url: '/livez', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('never inflates a compressed request body', async () => {
    const res = await callUnchecked(t, usersApi.resetPassword, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ email: 'someone@example.com' })),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('stored files', () => {
  it('go out byte for byte, never re-encoded, so Range answers address the object', async () => {
    const key = newObjectKey(teamKeyPrefix(crypto.randomUUID()));
    const body = JSON.stringify({ asset: { version: '2.0' }, pad: 'y'.repeat(5000) });
    const file = join(webDist, 'scene.gltf');
    await writeFile(file, body);
    await t.ctx.storage.put(key, file, 'model/gltf+json');
    const { url } = await t.ctx.storage.downloadUrl(key, { fileName: 'scene.gltf' });
    const path = url.slice(t.config.publicUrl.length);
    const res = await t.app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(body);
    const part = await t.app.inject({
      url: path,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(body.slice(0, 10));
  });
});
