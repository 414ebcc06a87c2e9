import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { guestLimits } from '../../packages/shared/src/index.ts';
import { meterServer, withCpu } from './cpu.ts';
import { besideMe, countOf, pageKb } from './lists.ts';
import { alternate, type Figure, filesRootBody, load, SECONDS } from './load.ts';
import type { Queryable } from './seed.ts';
import { startServer, stop } from './server.ts';

/**
 * The guest calls that list, as the VR app makes them with a guest token, beside
 * `GET /api/Users/Me` in the same turns (issue 27): the Public room templates' first page and the
 * root of the guest's files. Every guest call is limited to `guestLimits.callsPerMinute` per
 * client address, so they are measured on a second instance behind a proxy (TRUST_PROXY=1)
 * with each request from an address of its own, as headsets reach a deployment behind a load
 * balancer; the limiter's count (a row upserted per request) is part of what a guest call costs.
 * Me is measured on that instance too.
 */

const TEMPLATES = 30;
const GUEST_FOLDERS = 10;
const GUEST_FILES = 30;
const GUEST = 'visitor@elsewhere.example';

let sent = 0;
/** A client address no earlier request of the run came from (10.0.0.1, 10.0.0.2, …). */
const nextAddress = () => {
  sent += 1;
  return `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
};

/** Like `load`, each request with an X-Forwarded-For address of its own. */
async function fromManyAddresses(url: string, token: string, init: RequestInit = {}) {
  const { result: r, cpu } = await withCpu(url, async () => {
    const result = await autocannon({
      url,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          method: (init.method ?? 'GET') as 'GET',
          body: init.body as string | undefined,
          setupRequest: (req) => ({
            ...req,
            headers: {
              authorization: `Bearer ${token}`,
              ...(init.body ? { 'content-type': 'application/json' } : {}),
              'x-forwarded-for': nextAddress(),
            },
          }),
        },
      ],
    });
    return { result, requests: result.requests.total };
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.non2xx + r.timeouts,
    cpu,
  } as Figure;
}

/** The code of the newest mail to `email` in DATA_DIR/mail (no SMTP_URL: mails are files). */
async function mailedCode(dataDir: string, email: string) {
  const dir = join(dataDir, 'mail');
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = await readFile(join(dir, file), 'utf8');
      const code = text.includes(email) && text.match(/guest code is (\d{6})/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A guest signed in as the VR app does it: a code mailed, then exchanged for a token. */
async function signInGuest(origin: string, dataDir: string) {
  const authorize = (headers: Record<string, string>) =>
    fetch(`${origin}/api/Guests/Authorize`, {
      method: 'PUT',
      headers: { ...headers, 'x-forwarded-for': nextAddress() },
    }).then(async (res) => {
      if (!res.ok) throw new Error(`guest sign-in: ${res.status} ${await res.text()}`);
      return (await res.json()) as { access_token?: string };
    });
  await authorize({ guestEmail: GUEST });
  const code = await mailedCode(dataDir, GUEST);
  const { access_token } = await authorize({ guestEmail: GUEST, guestCode: code });
  if (!access_token) throw new Error('guest sign-in: no token');
  return access_token;
}

/**
 * `TEMPLATES` Public templates of the platform; in the guest's storage `GUEST_FOLDERS` folders
 * and `GUEST_FILES` pictures with their thumbnails at the root, keys as storage makes them.
 */
async function seedGuestLists(db: Queryable) {
  await db.query(
    `insert into rooms (is_template, name, description, category, image_url, scene_name,
       addressable_url_android, addressable_url_windows, addressable_url_mac, max_users,
       capabilities, sharing_type)
     select true, 'Public template ' || lpad(i::text, 2, '0'),
       'An open space for presentations and workshops', 'Presentation',
       'https://cdn.bench.local/templates/' || i || '.png', 'Auditorium',
       'https://cdn.bench.local/templates/' || i || '/android/catalog.json',
       'https://cdn.bench.local/templates/' || i || '/windows/catalog.json',
       'https://cdn.bench.local/templates/' || i || '/mac/catalog.json', 24,
       '["Whiteboard", "Screen"]', 'Public'
     from generate_series(1, $1::int) i`,
    [TEMPLATES],
  );
  const key = `'guest/' || g.id || '/' || gen_random_uuid()`;
  await db.query(
    `insert into file_items (owner_guest_email, name, type, scope, source, mime_type,
       content_length, blob_key, thumbnail_key, created)
     select g.email, case when i <= $2 then 'Folder ' || lpad(i::text, 2, '0')
         else 'Picture ' || lpad(i::text, 2, '0') || '.jpg' end,
       case when i <= $2 then 1 else 2 end, 3, 1,
       case when i > $2 then 'image/jpeg' end, case when i > $2 then 180000 + i end,
       case when i > $2 then ${key} end, case when i > $2 then ${key} end,
       now() - (i || ' minutes')::interval
     from guests g, generate_series(1, $2::int + $3::int) i
     where g.email = $1`,
    [GUEST, GUEST_FOLDERS, GUEST_FILES],
  );
}

export async function guestListFigures(
  token: string,
  db: Queryable,
  server: { dataDir: string; env: Record<string, string> },
) {
  const proxied = await startServer(server.dataDir, {
    ...server.env,
    TRUST_PROXY: '1',
    PGAPPNAME: 'bench-proxied',
  });
  try {
    const origin = proxied.origin;
    meterServer(origin, proxied.child.pid!, 'bench-proxied', db);
    const guestToken = await signInGuest(origin, server.dataDir);
    await seedGuestLists(db);
    await db.query('vacuum analyze');
    // The templates the platform ships and the ones seeded.
    const publicTemplates = await countOf(
      db,
      `select count(*) from rooms where is_template and sharing_type = 'Public'`,
    );
    const templates = `${origin}/api/Guests/RoomTemplates?page=1`;
    const files = {
      url: `${origin}/api/Guests/Files`,
      init: { method: 'POST', body: JSON.stringify({ ...filesRootBody, scopes: ['Guest'] }) },
    };
    const from = { 'x-forwarded-for': '10.255.255.254' };
    const sizes = [
      await pageKb(templates, { token: guestToken, headers: from }, guestLimits.templatesPageSize),
      await pageKb(
        files.url,
        { ...files.init, token: guestToken, headers: from },
        filesRootBody.pagination.pageSize,
      ),
    ];
    const [me, templatesFig, filesFig] = await alternate(
      () => load(`${origin}/api/Users/Me`, token, 20),
      () => fromManyAddresses(templates, guestToken),
      () => fromManyAddresses(files.url, guestToken, files.init),
    );
    besideMe(
      me,
      templatesFig,
      "Guest's room templates",
      `${guestLimits.templatesPageSize} of ${publicTemplates} Public`,
      sizes[0]!,
    );
    besideMe(
      me,
      filesFig,
      "Guest's files root",
      `${filesRootBody.pagination.pageSize} of ${GUEST_FOLDERS + GUEST_FILES} items`,
      sizes[1]!,
    );
  } finally {
    await stop(proxied.child);
  }
}
