import { existsSync, readFileSync } from 'node:fs';
import { clientConfig, tutorialList } from '@roomscale/shared';
import { contentApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { OWN_PAGES } from './links.ts';

describe('content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/Config', () => {
    it('is public and matches the shared client configuration schema', async () => {
      const res = await callEndpoint(t, contentApi.config);
      expect(res.status).toBe(200);
      const body = clientConfig.parse(res.body);
      expect(body.avatarBuilderUrl).toBeNull();
      expect(body.tutorialsUrl).toBe(contentApi.tutorials.path);
      expect(body.defaultAvatarUrl).toBe('http://roomscale.test/avatars/default.glb');
      expect(body.patchNotesUrl).toBe('/patch-notes.html');
      // Nothing configured: no link leads to a placeholder host. Support, terms and privacy are
      // this server's own pages; the rest is left out of the dashboard.
      expect(body.supportUrl).toBe('/support.html');
      expect(body.termsUrl).toBe('/terms-of-service.html');
      expect(body.privacyUrl).toBe('/privacy-policy.html');
      expect(body.downloads.knowledgeBaseUrl).toBe(body.supportUrl);
      expect(body.websiteUrl).toBeNull();
      expect(body.blogUrl).toBeNull();
      expect(body.contact).toEqual({ phone: null, supportEmail: null, salesEmail: null });
      expect(body.downloads).toMatchObject({
        metaStoreUrl: null,
        picoApkUrl: null,
        windowsInstallerUrl: null,
        changelogUrl: null,
      });
      expect(JSON.stringify(body)).not.toContain('.example');
    });

    it('ignores a bearer token it does not need, even an invalid one', async () => {
      const res = await callEndpoint(t, contentApi.config, { token: 'not-a-token' });
      expect(res.status).toBe(200);
    });

    it('takes the configured content URLs', async () => {
      const other = await createTestApp({
        AVATAR_BUILDER_URL: 'https://avatars.example.com/builder',
        TUTORIALS_URL: 'https://cdn.example.com/tutorials.json',
        PATCH_NOTES_URL: 'https://example.com/patch-notes',
        SUPPORT_URL: 'https://help.example.com/',
        WEBSITE_URL: 'https://vr.example.com',
        BLOG_URL: 'https://vr.example.com/news',
        TERMS_URL: 'https://vr.example.com/terms',
        PRIVACY_URL: 'https://vr.example.com/privacy',
        CHANGELOG_URL: 'https://help.example.com/changelog',
        CONTACT_PHONE: '+31 20 123 4567',
        SUPPORT_EMAIL: 'help@example.com',
        SALES_EMAIL: 'sales@example.com',
        META_STORE_URL: 'https://www.meta.com/experiences/1234/',
        PICO_APK_URL: 'https://cdn.example.com/app.apk',
        WINDOWS_INSTALLER_URL: 'https://cdn.example.com/setup.exe',
      });
      try {
        const body = clientConfig.parse((await callEndpoint(other, contentApi.config)).body);
        expect(body.avatarBuilderUrl).toBe('https://avatars.example.com/builder');
        expect(body.tutorialsUrl).toBe('https://cdn.example.com/tutorials.json');
        expect(body.patchNotesUrl).toBe('https://example.com/patch-notes');
        expect(body.supportUrl).toBe('https://help.example.com');
        expect(body).toMatchObject({
          websiteUrl: 'https://vr.example.com',
          blogUrl: 'https://vr.example.com/news',
          termsUrl: 'https://vr.example.com/terms',
          privacyUrl: 'https://vr.example.com/privacy',
          contact: {
            phone: '+31 20 123 4567',
            supportEmail: 'help@example.com',
            salesEmail: 'sales@example.com',
          },
          downloads: {
            metaStoreUrl: 'https://www.meta.com/experiences/1234/',
            picoApkUrl: 'https://cdn.example.com/app.apk',
            windowsInstallerUrl: 'https://cdn.example.com/setup.exe',
            knowledgeBaseUrl: 'https://help.example.com',
            changelogUrl: 'https://help.example.com/changelog',
          },
        });
        const tutorials = tutorialList.parse(
          (await callEndpoint(other, contentApi.tutorials)).body,
        );
        const web = tutorials.flatMap((s) => s.videos).filter((v) => v.deviceTypes.includes('WEB'));
        expect(web.length).toBeGreaterThanOrEqual(4);
        for (const v of web.filter((v) => v.video.startsWith('http'))) {
          expect(v.video.startsWith('https://help.example.com/tutorials/')).toBe(true);
        }
      } finally {
        await other.close();
      }
    });
  });

  describe('GET /api/Content/tutorials', () => {
    it('is public and lists only what this server holds when no knowledge base is set', async () => {
      const res = await callEndpoint(t, contentApi.tutorials);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age');
      const list = tutorialList.parse(res.body);
      const videos = list.flatMap((s) => s.videos);
      expect(videos.some((v) => v.deviceTypes.includes('WEB'))).toBe(true);
      for (const section of list) expect(section.videos.length).toBeGreaterThan(0);
      // Thumbnails and videos are files of our own web build, never a third-party host.
      for (const v of videos) {
        expect(v.v2Thumbnail).toMatch(/^\/tutorials\/[a-z0-9-]+\.svg$/);
        expect(v.video.startsWith('/')).toBe(true);
      }
    });

    it('refuses other methods', async () => {
      // A method the contract does not have for this path.
      const res = await t.app.inject({ method: 'POST', url: contentApi.tutorials.path });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('bundled assets of the web build', () => {
    const publicDir = new URL('../../../../web/public/', import.meta.url);

    it('has every thumbnail and local video the tutorials list names', async () => {
      const list = tutorialList.parse((await callEndpoint(t, contentApi.tutorials)).body);
      const local = list
        .flatMap((s) => s.videos)
        .flatMap((v) => [v.v2Thumbnail, v.video])
        .filter((u) => u.startsWith('/'));
      expect(local.length).toBeGreaterThan(0);
      for (const path of local) expect(existsSync(new URL(`.${path}`, publicDir))).toBe(true);
    });

    it("has this server's own support, terms, privacy and patch notes pages", () => {
      for (const page of Object.values(OWN_PAGES)) {
        const html = readFileSync(new URL(`.${page}`, publicDir), 'utf8');
        expect(html).toMatch(/^<!doctype html>/);
        expect(html).toMatch(/<h1>[^<]+<\/h1>/);
        expect(html).not.toContain('.example');
      }
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
