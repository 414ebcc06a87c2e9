import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Meta that linking uses (docs/linked-accounts.md "The
 * stand-in"), on 127.0.0.1 and a free port: the Graph API calls with Meta's paths, methods,
 * parameters and JSON answers, and the account-linking page, which sends the browser back to
 * `redirect_uri` with `#<base64 of {"code","org_scoped_id"}>` as Meta's does. Tests choose which
 * Meta account a code or nonce proves, whether it has a subscription, and make Meta fail.
 *
 *   const meta = await startMetaStandIn();            // in beforeAll
 *   const t = await createTestApp(meta.env);          // META_* pointing here
 *   const code = meta.issueCode('1234');              // as if user 1234 approved the link
 *   afterAll(() => meta.close());
 *
 * The server is unref'd: a stand-in left open never keeps the test process alive.
 */

export type MetaAccount = {
  /** The app-scoped user id (Users.GetLoggedInUser on the headset; `id` of GET /me). */
  id: string;
  orgScopedId: string;
  alias: string;
  subscribed: boolean;
};

/** How the Graph API answers: normally, with HTTP 500, or not at all (the caller times out). */
export type MetaFailure = 'error' | 'hang' | null;

export type MetaStandIn = {
  /** The stand-in's root; the Graph API is under /graph, the sign-in page at /auth/sso/. */
  url: string;
  graphUrl: string;
  authUrl: string;
  appId: string;
  appSecret: string;
  organizationId: string;
  /** META_* variables for `createTestApp` / the server's environment. */
  env: Record<string, string>;
  /** The Meta account with this org-scoped id, created on first use. */
  account(orgScopedId?: string, opts?: { subscribed?: boolean; alias?: string }): MetaAccount;
  /** A code as the linking page would hand it out for this account. */
  issueCode(orgScopedId: string, opts?: { subscribed?: boolean }): string;
  /** A nonce as Users.GetUserProof() on the headset would return it, with the user's id. */
  issueNonce(
    orgScopedId: string,
    opts?: { subscribed?: boolean },
  ): { nonce: string; userId: string };
  setSubscribed(orgScopedId: string, subscribed: boolean): void;
  failWith(mode: MetaFailure): void;
  /**
   * The account the sign-in page links (null: the page asks for one). With `autoApprove` the page
   * redirects at once instead of showing its button.
   */
  signInAs(orgScopedId: string | null, opts?: { autoApprove?: boolean }): void;
  /** Meta misbehaving on purpose: a code exchange that ignores the org-scoped id it is sent. */
  quirks: { exchangeIgnoresOrgScopedId: boolean };
  /** Every Graph API call received, oldest first. */
  calls: { method: string; path: string; params: Record<string, string> }[];
  close(): Promise<void>;
};

const digits = (n: number) =>
  Array.from({ length: n }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Meta's error body (`{ error: { message, type, code } }`), HTTP 400 unless told. */
const graphError = (res: ServerResponse, message: string, code = 100, status = 400) =>
  json(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: digits(11) } });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (body && type.includes('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  } else if (body && type.includes('application/json')) {
    Object.assign(params, JSON.parse(body) as Record<string, string>);
  }
  return params;
}

export async function startMetaStandIn(
  opts: { appId?: string; appSecret?: string; organizationId?: string; redirectUri?: string } = {},
): Promise<MetaStandIn> {
  const appId = opts.appId ?? digits(16);
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const organizationId = opts.organizationId ?? digits(16);
  const appToken = `OC|${appId}|${appSecret}`;

  const accounts = new Map<string, MetaAccount>(); // by org-scoped id
  const codes = new Map<string, { orgScopedId: string; used: boolean }>();
  const tokens = new Map<string, string>(); // oauth token → org-scoped id
  const nonces = new Map<string, { orgScopedId: string; used: boolean }>();
  let failure: MetaFailure = null;
  let signIn: { orgScopedId: string | null; autoApprove: boolean } = {
    orgScopedId: null,
    autoApprove: false,
  };
  const quirks = { exchangeIgnoresOrgScopedId: false };
  const calls: MetaStandIn['calls'] = [];

  function account(orgScopedId = digits(16), o: { subscribed?: boolean; alias?: string } = {}) {
    let a = accounts.get(orgScopedId);
    if (!a) {
      a = {
        id: digits(16),
        orgScopedId,
        alias: o.alias ?? `meta-user-${orgScopedId.slice(-4)}`,
        subscribed: false,
      };
      accounts.set(orgScopedId, a);
    }
    if (o.subscribed !== undefined) a.subscribed = o.subscribed;
    if (o.alias !== undefined) a.alias = o.alias;
    return a;
  }
  /** An account by either of its ids, as Meta's graph resolves a user node. */
  const byAnyId = (id: string | undefined) =>
    id === undefined
      ? undefined
      : (accounts.get(id) ?? [...accounts.values()].find((a) => a.id === id));
  function issueCode(orgScopedId: string, o: { subscribed?: boolean } = {}) {
    account(orgScopedId, o);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { orgScopedId, used: false });
    return code;
  }
  /** Only the fields asked for (`fields=a,b`), as the Graph API answers; `id` by default. */
  function pick(a: MetaAccount, fields: string | undefined, id = a.id) {
    const all: Record<string, string> = { id, org_scoped_id: a.orgScopedId, alias: a.alias };
    const wanted = (fields ?? 'id').split(',').map((f) => f.trim());
    return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k)));
  }

  async function graph(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const params = await readParams(req, url);
    calls.push({ method: req.method ?? 'GET', path, params });
    if (failure === 'hang') return; // answered never; close() ends the socket
    if (failure === 'error') return graphError(res, 'An unknown error has occurred.', 1, 500);
    const method = req.method;
    const appAuthorized = params.access_token === appToken;

    if (method === 'POST' && path === '/sso_authorize_code') {
      if (!appAuthorized) return graphError(res, 'Invalid OAuth access token.', 190);
      const entry = codes.get(params.code ?? '');
      if (!entry || entry.used) return graphError(res, 'Invalid code.', 100);
      entry.used = true;
      if (!quirks.exchangeIgnoresOrgScopedId && entry.orgScopedId !== params.org_scoped_id) {
        return graphError(res, 'The code does not belong to this user.', 100);
      }
      const token = `OC${randomBytes(32).toString('base64url')}`;
      tokens.set(token, entry.orgScopedId);
      return json(res, 200, {
        oauth_token: token,
        refresh_code: randomBytes(24).toString('base64url'),
      });
    }
    if (method === 'GET' && path === '/me') {
      const a = accounts.get(tokens.get(params.access_token ?? '') ?? '');
      if (!a) return graphError(res, 'Invalid OAuth access token.', 190);
      return json(res, 200, pick(a, params.fields));
    }
    if (method === 'POST' && path === '/user_nonce_validate') {
      if (!appAuthorized) return graphError(res, 'Invalid OAuth access token.', 190);
      const entry = nonces.get(params.nonce ?? '');
      const a = byAnyId(params.user_id);
      const valid = !!entry && !entry.used && !!a && a.orgScopedId === entry.orgScopedId;
      if (entry) entry.used = true; // good for one check only
      return json(res, 200, { is_valid: valid });
    }
    if (method === 'GET' && path === '/application/subscriptions') {
      if (!appAuthorized) return graphError(res, 'Invalid OAuth access token.', 190);
      const a = byAnyId(params.owner_id);
      const all =
        a?.subscribed === true
          ? [
              {
                id: digits(16),
                sku: 'ROOMSCALE_MONTHLY',
                is_active: true,
                is_trial: false,
                owner: { id: a.id },
                period_start_time: new Date(Date.now() - 86_400_000).toISOString(),
                period_end_time: new Date(Date.now() + 29 * 86_400_000).toISOString(),
              },
            ]
          : [];
      const data = params.is_active === 'false' ? [] : all;
      return json(res, 200, { data, paging: { cursors: {} } });
    }
    const node = method === 'GET' ? /^\/(\d+)$/.exec(path) : null;
    if (node) {
      if (!appAuthorized) return graphError(res, 'Invalid OAuth access token.', 190);
      const a = byAnyId(node[1]);
      if (!a)
        return graphError(
          res,
          `Unsupported get request. Object with ID '${node[1]}' does not exist.`,
          100,
        );
      return json(res, 200, pick(a, params.fields, node[1]));
    }
    return graphError(res, 'Unknown path components.', 2500);
  }

  /** The account-linking page: `?redirect_uri&organization_id`, as Meta's. */
  function signInPage(res: ServerResponse, url: URL) {
    const redirectUri = url.searchParams.get('redirect_uri');
    const orgId = url.searchParams.get('organization_id');
    if (
      !redirectUri ||
      orgId !== organizationId ||
      (opts.redirectUri && redirectUri !== opts.redirectUri)
    ) {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('Invalid redirect_uri or organization_id');
      return;
    }
    if (signIn.autoApprove && signIn.orgScopedId) {
      return approve(res, redirectUri, signIn.orgScopedId);
    }
    const suggested = signIn.orgScopedId ?? digits(16);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Link your Meta account (stand-in)</title></head>
<body>
<main>
<h1>Link your Meta account</h1>
<p>Local stand-in of Meta's account-linking page.</p>
<form method="get" action="approve">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<label>Org-scoped id <input name="org_scoped_id" value="${escapeHtml(suggested)}" pattern="\\d{1,30}" required></label>
<label><input type="checkbox" name="subscribed" value="1"> Has a subscription</label>
<button type="submit">Link Account</button>
</form>
<p><a href="${escapeHtml(redirectUri)}">Cancel</a></p>
</main>
</body></html>`);
  }

  /** Approved: back to the redirect URI with Meta's fragment. */
  function approve(
    res: ServerResponse,
    redirectUri: string,
    orgScopedId: string,
    subscribed?: boolean,
  ) {
    const code = issueCode(orgScopedId, subscribed === undefined ? {} : { subscribed });
    const fragment = Buffer.from(JSON.stringify({ code, org_scoped_id: orgScopedId })).toString(
      'base64',
    );
    res.writeHead(302, { location: `${redirectUri}#${fragment}` }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    if (path.startsWith('/graph/')) {
      graph(req, res, path.slice('/graph'.length), url).catch(() => {
        if (!res.headersSent) graphError(res, 'Bad request.', 100);
      });
      return;
    }
    if (req.method === 'GET' && path === '/auth/sso/') return signInPage(res, url);
    if (req.method === 'GET' && path === '/auth/sso/approve') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const orgScopedId = url.searchParams.get('org_scoped_id') ?? '';
      if (!redirectUri || !/^\d{1,30}$/.test(orgScopedId)) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid request');
        return;
      }
      return approve(res, redirectUri, orgScopedId, url.searchParams.get('subscribed') === '1');
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const graphUrl = `${root}/graph`;
  const authUrl = `${root}/auth/sso/`;
  let closed: Promise<void> | undefined;

  return {
    url: root,
    graphUrl,
    authUrl,
    appId,
    appSecret,
    organizationId,
    env: {
      META_APP_ID: appId,
      META_APP_SECRET: appSecret,
      META_ORGANIZATION_ID: organizationId,
      META_GRAPH_URL: graphUrl,
      META_AUTH_URL: authUrl,
    },
    account,
    issueCode,
    issueNonce(orgScopedId, o = {}) {
      const a = account(orgScopedId, o);
      const nonce = randomBytes(24).toString('base64url');
      nonces.set(nonce, { orgScopedId, used: false });
      return { nonce, userId: a.id };
    },
    setSubscribed(orgScopedId, subscribed) {
      account(orgScopedId, { subscribed });
    },
    failWith(mode) {
      failure = mode;
    },
    signInAs(orgScopedId, o = {}) {
      signIn = { orgScopedId, autoApprove: o.autoApprove ?? false };
    },
    quirks,
    calls,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
