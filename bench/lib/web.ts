import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchUser, EMAIL, json, PASSWORD } from './load.ts';
import { root, startServer, stop } from './server.ts';

/** The web build the browser benches load: apps/web/dist, or BENCH_WEB_DIST. */
export const webDist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
/** Debian's Chromium (CHROMIUM_PATH to use another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The web app's local-storage key of the session tokens (apps/web/src/api/tokens.ts). */
export const TOKENS_KEY = 'roomscale.tokens';

/**
 * The server on a fresh embedded database serving a private copy of the web build (a build
 * running meanwhile cannot pull files away), with a super admin who has an avatar and a team,
 * signed in. `storedTokens` is their session as the web app keeps it in local storage.
 */
export async function startWebServer() {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run \`npm run build -w @roomscale/web\` first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-web-bench-'));
  const web = join(dir, 'web');
  cpSync(webDist, web, { recursive: true });
  const server = await startServer(join(dir, 'data'), {
    WEB_DIST_DIR: web,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    // The avatar builder whose models the bench user's avatar is (prepareUser): the profile then
    // shows the avatar as most users' is, kept by the builder's host and not drawn in 3D.
    AVATAR_BUILDER_URL: AVATAR_BUILDER,
  });
  const close = async () => {
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { tokens, teamId } = await prepareUser(server.origin);
    const storedTokens = JSON.stringify({
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      validUntil: Date.now() + tokens.expires_in * 1000,
    });
    return { origin: server.origin, web, storedTokens, token: tokens.access_token, teamId, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The avatar builder the bench server is configured with; its models are on models.example.com. */
const AVATAR_BUILDER = 'https://avatar.models.example.com/';

/** The super admin's tokens and team, after giving them an avatar and the team (the dashboard needs both). */
async function prepareUser(origin: string) {
  const { tokens, token, teams } = await benchUser(origin, ['Bench team']);
  await json(origin, '/api/Users/Me', {
    method: 'PATCH',
    token,
    // A model of the avatar builder's service (the server accepts only those and the default
    // avatar). The default avatar would be drawn in 3D on /profile, loading the model viewer
    // (about 300 KiB gzip) after the first paint: docs/performance.md "Web weights".
    body: JSON.stringify({ readyPlayerMeAvatar: 'https://models.example.com/bench.glb' }),
  });
  return { tokens, teamId: teams[0]! };
}
