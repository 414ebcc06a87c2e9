import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOKEN_SCOPE } from '../../packages/shared/src/index.ts';
import { passwordTokens, root, startServer, stop } from './server.ts';

/** The web build the browser benches load: apps/web/dist, or BENCH_WEB_DIST. */
export const webDist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
/** Debian's Chromium (CHROMIUM_PATH to use another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The web app's local-storage key of the session tokens (apps/web/src/api/tokens.ts). */
export const TOKENS_KEY = 'roomscale.tokens';

const EMAIL = 'bench@roomscale.local';
const PASSWORD = 'bench-password-1';

type Tokens = { access_token: string; refresh_token: string; expires_in: number };

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
  });
  const close = async () => {
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const tokens = await prepareUser(server.origin);
    const storedTokens = JSON.stringify({
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      validUntil: Date.now() + tokens.expires_in * 1000,
    });
    return { origin: server.origin, web, storedTokens, close };
  } catch (e) {
    await close();
    throw e;
  }
}

async function api(origin: string, path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
}

/** The super admin's tokens, after giving them an avatar and a team (the dashboard needs both). */
async function prepareUser(origin: string): Promise<Tokens> {
  const tokens = await passwordTokens<Tokens>(origin, EMAIL, PASSWORD, TOKEN_SCOPE);
  await api(origin, '/api/Users/Me', tokens.access_token, {
    method: 'PATCH',
    body: JSON.stringify({ readyPlayerMeAvatar: 'https://models.example.com/bench.glb' }),
  });
  await api(origin, '/api/Organizations/Register', tokens.access_token, {
    method: 'PUT',
    body: JSON.stringify({ name: 'Bench team', companyName: 'Bench', industry: 'Technology' }),
  });
  return tokens;
}
