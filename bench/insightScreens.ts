/**
 * `npm run screens:insight`: the usage insight screens with a seeded year of use for a
 * 2,000-user team (issue 29 "Done when"), saved as screenshots to look at, desktop (1280×900)
 * and phone (390×844). On a scratch PostgreSQL database (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, created and dropped as bench:api does) it seeds
 * the team with bench/lib/insight.ts, starts the server on it with the web build
 * (apps/web/dist, or BENCH_WEB_DIST), and opens in Debian's Chromium (CHROMIUM_PATH):
 *
 * - as the team's admin: the Usage tab (its charts, then their numbers shown), its Devices
 *   section, the team users with 'Last in VR' and with the 'Licensed, not in VR for 30 days'
 *   filter, and the attendance dialog of a meeting that 40 members and a guest joined;
 * - as a super admin: the admin overview with the platform usage.
 *
 * The files go to SCREENS_DIR (default /tmp/roomscale-insight-screens), printed at the end.
 * Run `npm run build -w @roomscale/web` first when the screens changed.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/password.ts';
import { TOKEN_SCOPE } from '../packages/shared/src/index.ts';
import { seedInsightTeam } from './lib/insight.ts';
import { benchUser, json } from './lib/load.ts';
import { passwordTokens, startServer, stop, withDatabase } from './lib/server.ts';
import { chromiumPath, TOKENS_KEY, webDist } from './lib/web.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = process.env.SCREENS_DIR ?? '/tmp/roomscale-insight-screens';
const USERS = 2000;
const TEAM_ADMIN = { email: 'tess.admin@insight.local', password: 'insight-screens-1' };
const AVATAR_BUILDER = 'https://avatar.models.example.com/';
const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Tokens = { access_token: string; refresh_token: string; expires_in: number };

/** The team's admin (not a super admin), signed in with a password, with an avatar. */
async function seedTeamAdmin(db: pg.Client, origin: string, team: string) {
  const hash = await hashPassword(TEAM_ADMIN.password);
  const id = (
    await db.query(
      `insert into users (email, first_name, last_name, activated, password_hash,
         privacy_accepted, terms_accepted)
       values ($1, 'Tess', 'Admin', true, $2, now(), now()) returning id`,
      [TEAM_ADMIN.email, hash],
    )
  ).rows[0].id as string;
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     values ($1, $2, 'Admin', 'License')`,
    [team, id],
  );
  const tokens = await passwordTokens<Tokens>(
    origin,
    TEAM_ADMIN.email,
    TEAM_ADMIN.password,
    TOKEN_SCOPE,
  );
  await withAvatar(origin, tokens.access_token);
  return { id, tokens };
}

/** An avatar of the builder's (the dashboard asks for one until there is). */
const withAvatar = (origin: string, token: string) =>
  json(origin, '/api/Users/Me', {
    method: 'PATCH',
    token,
    body: JSON.stringify({ readyPlayerMeAvatar: 'https://models.example.com/bench.glb' }),
  });

/**
 * A meeting that started 50 minutes ago and ends in 10, with 60 members and a guest invited:
 * 40 members and the guest joined (their joins and 5-minute check-ins, as the VR app's calls
 * leave them), the others never came.
 */
async function seedMeeting(db: pg.Client, origin: string, token: string, team: string) {
  const members = (
    await db.query(
      `select u.id, u.email from users u join memberships m on m.user_id = u.id
       where m.organization_id = $1 and u.email like 'insight-screens-%'
       order by u.email limit 60`,
      [team],
    )
  ).rows as { id: string; email: string }[];
  const templates = await json<{ results: { id: string }[] }>(
    origin,
    `/api/Organizations/${team}/Rooms`,
    {
      method: 'POST',
      token,
      body: JSON.stringify({ templateFilter: 'Templates', page: 1 }),
    },
  );
  const room = await json<{ id: string }>(origin, `/api/Organizations/${team}/Rooms`, {
    method: 'PUT',
    token,
    body: JSON.stringify({
      templateOrClonedRoomId: templates.results[0]!.id,
      name: 'Town hall room',
    }),
  });
  const start = Date.now() - 50 * 60_000;
  const guestEmail = 'visiting.architect@partner.example';
  const meeting = await json<{ id: string }>(origin, `/api/Organizations/${team}/Meetings`, {
    method: 'PUT',
    token,
    body: JSON.stringify({
      name: 'Quarterly town hall',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 60 * 60_000).toISOString(),
      timezoneLabel: 'Europe/Berlin',
      emailNewUsers: false,
      existingRooms: [room.id],
      participants: [
        { email: TEAM_ADMIN.email, participantType: 'Moderator' },
        ...members.map((m) => ({ email: m.email, participantType: 'Participant' })),
        { email: guestEmail, participantType: 'Participant' },
      ],
    }),
  });
  const guestId = (await db.query(`select gen_random_uuid() as id`)).rows[0].id as string;
  // Member i joins (i mod 6) minutes in and checks in every 5 minutes for 20 to 45 minutes.
  const joined = members.slice(0, 40);
  for (const [i, m] of joined.entries()) {
    const joinAt = start + (i % 6) * 60_000;
    const checks = 4 + (i % 6);
    await db.query(
      `insert into usage_meeting_joins (at, meeting_id, organization_id, user_id)
       values ($1, $2, $3, $4)`,
      [new Date(joinAt), meeting.id, team, m.id],
    );
    await db.query(
      `insert into usage_check_ins (at, user_id, seat_key, device_name, app_version, conflicted)
       select $1::timestamptz + k * interval '5 minutes', $2::uuid, 'seat-' || $2::text, 'Quest 3',
         'RoomscaleVR/2.4.1', false
       from generate_series(0, $3::int) k`,
      [new Date(joinAt), m.id, checks],
    );
  }
  await db.query(
    `insert into usage_meeting_joins (at, meeting_id, organization_id, guest_id, guest_email)
     values ($1, $2, $3, $4, $5)`,
    [new Date(start + 3 * 60_000), meeting.id, team, guestId, guestEmail],
  );
  await db.query(
    `insert into usage_check_ins (at, guest_id, seat_key, device_name, app_version, conflicted)
     select $1::timestamptz + k * interval '5 minutes', $2::uuid, 'guest-seat', 'Quest 2',
       'RoomscaleVR/2.3.0', false
     from generate_series(0, 5) k`,
    [new Date(start + 3 * 60_000), guestId],
  );
}

/**
 * What a team in use has beside its year of days: each member licensed or not all year,
 * accounts set up (not invitations still
 * pending), the licenses it bought (1,100 seats for the year), and licensed members who stopped
 * coming: 12 who were last in VR 40 to 62 days ago and 6 who never were, so the 'Licensed, not
 * in VR for 30 days' filter has someone to show.
 */
async function seedAsInUse(db: pg.Client, team: string) {
  // A member holds a License or not for the year (the seed draws it per day): their days, weeks
  // and the team's counts of licensed members in VR as the membership says.
  await db.query(
    `update usage_member_days md set licensed = m.license_type = 'License' from memberships m
     where m.organization_id = md.organization_id and m.user_id = md.user_id
       and md.organization_id = $1`,
    [team],
  );
  await db.query(
    `update usage_member_weeks mw set licensed_in_vr = mw.in_vr and m.license_type = 'License'
     from memberships m
     where m.organization_id = mw.organization_id and m.user_id = mw.user_id
       and mw.organization_id = $1`,
    [team],
  );
  await db.query(
    `update usage_team_weeks tw set licenses_used = (select count(*) from usage_member_weeks mw
       where mw.organization_id = tw.organization_id and mw.week = tw.week and mw.licensed_in_vr)
     where tw.organization_id = $1`,
    [team],
  );
  await db.query(
    `update usage_team_days td set licensed_active_users = (select count(*)
       from usage_member_days md
       where md.organization_id = td.organization_id and md.day = td.day and md.in_vr
         and md.licensed)
     where td.organization_id = $1`,
    [team],
  );
  await db.query(`update users set activated = true, privacy_accepted = now(),
    terms_accepted = now() where email like 'insight-screens-%'`);
  await db.query(
    `insert into manual_licenses (organization_id, description, user_amount, starts_at, ends_at)
     values ($1, 'Annual plan', 1100, now() - interval '300 days', now() + interval '65 days')`,
    [team],
  );
  await db.query(
    `insert into users (email, first_name, last_name, activated, privacy_accepted, terms_accepted)
     select 'idle-' || i || '@insight.local', (array['Noor','Jonas','Aiko','Mateo','Ines','Liam'])[1 + i % 6],
       'Idle' || i, true, now(), now()
     from generate_series(1, 18) i`,
  );
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     select $1, id, 'User', 'License' from users where email like 'idle-%@insight.local'`,
    [team],
  );
  // The first 12 were in VR once, 40 to 62 days ago (their day in the totals).
  await db.query(
    `with idle as (
       select id, split_part(split_part(email, '@', 1), '-', 2)::int as i from users
       where email like 'idle-%@insight.local'
     ), days as (
       select id, current_date - (38 + 2 * i) as day from idle where i <= 12
     ), ud as (
       insert into usage_user_days
       select id, day, 10, 1, 2700, 0, day + interval '14 hours', day + interval '14 hours 45 minutes'
       from days returning user_id, day, last_seen_at
     ), md as (
       insert into usage_member_days
       select $1, day, user_id, true, true, 1, 2700, 0 from ud returning user_id
     )
     insert into usage_member_last_in_vr select $1, user_id, last_seen_at from ud`,
    [team],
  );
}

async function signedIn(
  browser: Browser,
  tokens: Tokens,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, timezoneId: 'Europe/Berlin' });
  const stored = JSON.stringify({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    validUntil: Date.now() + tokens.expires_in * 1000,
  });
  await context.addInitScript(
    ([key, value]) => {
      const { localStorage } = globalThis as unknown as {
        localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
      };
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [TOKENS_KEY, stored] as const,
  );
  return context;
}

const saved: string[] = [];
async function shot(page: Page, name: string, fullPage = true) {
  // The charts animate in: wait for the page to settle before taking the picture.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  // No chart tooltip under a pointer left where the last click was.
  await page.mouse.move(0, 0);
  // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
  if (fullPage)
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  saved.push(file);
}

async function teamAdminScreens(context: BrowserContext, origin: string, size: string) {
  const page = await context.newPage();
  await page.goto(`${origin}/team/usage`);
  await page.getByTestId('usage-period').waitFor({ timeout: 60_000 });
  await page.locator('.recharts-surface').first().waitFor({ timeout: 60_000 });
  await page.getByRole('table', { name: 'Devices of the team’s members' }).waitFor();
  await shot(page, `${size}-1-usage-charts`);
  const show = page.getByRole('button', { name: 'Show the numbers' });
  // Each button becomes 'Hide the numbers' once pressed.
  for (let n = await show.count(); n > 0; n--) await show.first().click();
  await shot(page, `${size}-2-usage-numbers`);
  await page.reload();
  const devices = page.getByRole('table', { name: 'Devices of the team’s members' });
  await devices.waitFor();
  await page.getByRole('heading', { name: 'Devices' }).scrollIntoViewIfNeeded();
  await shot(page, `${size}-3-devices`, false);

  await page.goto(`${origin}/team/users`);
  await page
    .getByText(/Last in VR/)
    .first()
    .waitFor({ timeout: 60_000 });
  await shot(page, `${size}-4-team-users-last-in-vr`, false);
  await page.goto(`${origin}/team/users?notInVr=1`);
  await page
    .getByText(/Last in VR|Never in VR/)
    .first()
    .waitFor({ timeout: 60_000 });
  await shot(page, `${size}-5-team-users-not-in-vr`, false);

  await page.goto(`${origin}/meetings`);
  await page
    .getByRole('article', { name: 'Quarterly town hall' })
    .getByRole('button', { name: 'Attendance' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Attendance of Quarterly town hall' });
  // A table on a desktop, a list on a phone.
  await dialog
    .getByRole(size === 'phone' ? 'list' : 'table', { name: 'Who joined' })
    .waitFor({ timeout: 60_000 });
  await shot(page, `${size}-6-meeting-attendance`, false);
  await page.close();
}

async function superAdminScreens(context: BrowserContext, origin: string, size: string) {
  const page = await context.newPage();
  await page.goto(`${origin}/admin`);
  await page.getByRole('heading', { name: 'Platform usage' }).waitFor({ timeout: 60_000 });
  await page.locator('.recharts-surface').first().waitFor({ timeout: 60_000 });
  await shot(page, `${size}-7-admin-overview`);
  await page.close();
}

async function main() {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error(`no web build at ${webDist}: run \`npm run build -w @roomscale/web\` first`);
  mkdirSync(OUT, { recursive: true });
  const dbName = `roomscale_screens_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-screens-'));
  const web = join(dir, 'web');
  cpSync(webDist, web, { recursive: true });
  const dbUrl = withDatabase(PG, dbName);
  const db = new pg.Client({ connectionString: dbUrl });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(join(dir, 'data'), {
      DATABASE_URL: dbUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'bench@roomscale.local',
      ADMIN_PASSWORD: 'bench-password-1',
      WEB_DIST_DIR: web,
      AVATAR_BUILDER_URL: AVATAR_BUILDER,
    });
    const { origin } = server;
    // The super admin (the server's ADMIN_EMAIL) registers the team, whose admin is then Tess.
    const {
      tokens: rootTokens,
      token: rootToken,
      teams,
    } = await benchUser(origin, ['Northwind Studios']);
    await withAvatar(origin, rootToken);
    const team = teams[0]!;
    await db.connect();
    console.log(`Seeding a year of use for a ${USERS.toLocaleString('en')}-user team…`);
    const t0 = Date.now();
    await seedInsightTeam(db, team, USERS, 'screens');
    const teamAdmin = await seedTeamAdmin(db, origin, team);
    await db.query(
      `delete from memberships where organization_id = $1 and user_id <> $2
      and user_id in (select id from users where super_admin)`,
      [team, teamAdmin.id],
    );
    await seedMeeting(db, origin, teamAdmin.tokens.access_token, team);
    await seedAsInUse(db, team);
    await db.query('vacuum analyze');
    console.log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);

    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    for (const [size, viewport] of Object.entries(viewports)) {
      const asAdmin = await signedIn(browser, teamAdmin.tokens, viewport);
      await teamAdminScreens(asAdmin, origin, size);
      await asAdmin.close();
      const asRoot = await signedIn(browser, rootTokens, viewport);
      await superAdminScreens(asRoot, origin, size);
      await asRoot.close();
    }
    console.log(`\n${saved.length} screenshots in ${OUT}:`);
    for (const f of saved) console.log(`  ${f}`);
  } finally {
    await browser?.close();
    await db.end().catch(() => {});
    if (server) await stop(server.child);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
