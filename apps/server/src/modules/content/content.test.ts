import { existsSync, readFileSync } from 'node:fs';
import { clientConfig, tutorialList } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/Config', () => {
    it('is public and matches the shared client configuration schema', async () => {
      const res = await t.app.inject('/api/Config');
      expect(res.statusCode).toBe(200);
      const body = clientConfig.parse(res.json());
      expect(body.avatarBuilderUrl).toBeNull();
      expect(body.tutorialsUrl).toBe('/api/Content/tutorials');
      expect(body.defaultAvatarUrl).toBe('http://roomscale.test/avatars/default.glb');
      expect(body.patchNotesUrl).toBe('/patch-notes.html');
      expect(body.supportUrl).toBe('https://support.roomscale.example');
      expect(body.downloads.knowledgeBaseUrl).toBe(body.supportUrl);
      expect(body.contact.supportEmail).toContain('@');
    });

    it('ignores a bearer token it does not need, even an invalid one', async () => {
      const res = await t.app.inject({
        url: '/api/Config',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('takes the configured content URLs', async () => {
      const other = await createTestApp({
        AVATAR_BUILDER_URL: 'https://avatars.example.com/builder',
        TUTORIALS_URL: 'https://cdn.example.com/tutorials.json',
        PATCH_NOTES_URL: 'https://example.com/patch-notes',
        SUPPORT_URL: 'https://help.example.com/',
      });
      try {
        const body = clientConfig.parse((await other.app.inject('/api/Config')).json());
        expect(body.avatarBuilderUrl).toBe('https://avatars.example.com/builder');
        expect(body.tutorialsUrl).toBe('https://cdn.example.com/tutorials.json');
        expect(body.patchNotesUrl).toBe('https://example.com/patch-notes');
        expect(body.supportUrl).toBe('https://help.example.com');
        expect(body.downloads.changelogUrl).toBe('https://help.example.com/changelog');
      } finally {
        await other.close();
      }
    });
  });

  describe('GET /api/Content/tutorials', () => {
    it('is public and serves a valid tutorials list with web videos', async () => {
      const res = await t.app.inject('/api/Content/tutorials');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age');
      const list = tutorialList.parse(res.json());
      expect(list.length).toBeGreaterThanOrEqual(3);
      const web = list.flatMap((s) => s.videos).filter((v) => v.deviceTypes.includes('WEB'));
      expect(web.length).toBeGreaterThanOrEqual(4);
      // Thumbnails are files of our own web build, never a third-party host.
      for (const v of list.flatMap((s) => s.videos)) {
        expect(v.v2Thumbnail).toMatch(/^\/tutorials\/[a-z0-9-]+\.svg$/);
      }
    });

    it('links knowledge-base videos under the configured support URL', async () => {
      const list = tutorialList.parse((await t.app.inject('/api/Content/tutorials')).json());
      const external = list.flatMap((s) => s.videos).filter((v) => v.video.startsWith('http'));
      expect(external.length).toBeGreaterThan(0);
      for (const v of external) {
        expect(v.video.startsWith('https://support.roomscale.example/tutorials/')).toBe(true);
      }
    });

    it('refuses other methods', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/Content/tutorials' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('bundled assets of the web build', () => {
    const publicDir = new URL('../../../../web/public/', import.meta.url);

    it('has every thumbnail and local video the tutorials list names', async () => {
      const list = tutorialList.parse((await t.app.inject('/api/Content/tutorials')).json());
      const local = list
        .flatMap((s) => s.videos)
        .flatMap((v) => [v.v2Thumbnail, v.video])
        .filter((u) => u.startsWith('/'));
      expect(local.length).toBeGreaterThan(0);
      for (const path of local) expect(existsSync(new URL(`.${path}`, publicDir))).toBe(true);
    });

    it('ships the default avatar as a valid binary glTF 2.0', () => {
      const glb = readFileSync(new URL('avatars/default.glb', publicDir));
      expect(glb.toString('ascii', 0, 4)).toBe('glTF');
      expect(glb.readUInt32LE(4)).toBe(2);
      expect(glb.readUInt32LE(8)).toBe(glb.length);
      const jsonLength = glb.readUInt32LE(12);
      expect(glb.toString('ascii', 16, 20)).toBe('JSON');
      const gltf = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength));
      expect(gltf.asset.version).toBe('2.0');
      const binStart = 20 + jsonLength;
      expect(glb.toString('ascii', binStart + 4, binStart + 8)).toBe('BIN\0');
      const binLength = glb.readUInt32LE(binStart);
      expect(binLength).toBeGreaterThanOrEqual(gltf.buffers[0].byteLength);
      for (const view of gltf.bufferViews) {
        expect(view.byteOffset % 4).toBe(0);
        expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(gltf.buffers[0].byteLength);
      }
      expect(gltf.meshes.length).toBeGreaterThan(0);
    });
  });
});
