import type { CpuPerRequest } from './cpu.ts';
import { alternate, type Figure, json, load, row } from './load.ts';
import type { Queryable } from './seed.ts';

/** Issue 27's goal for every list call beside `GET /api/Users/Me` in the same turns. */
export const listGoal = '≥ 0.33× throughput, p99 ≤ 3×';

/** A list call's figure beside Me's of the same turns, printed with the goal and met or not. */
export function besideMe(me: Figure, f: Figure, title: string, label: string, size: string) {
  row(
    `${title} beside Me, 20 connections (${size})`,
    me,
    f,
    ['GET /api/Users/Me', label],
    listGoal,
    f.rps >= 0.33 * me.rps && f.p99 <= 3 * Math.max(me.p99, 1),
  );
  if (me.cpu && f.cpu) {
    const ms = (c: CpuPerRequest) =>
      `${(c.node + c.pg).toFixed(2)} ms (node ${c.node.toFixed(2)} + PostgreSQL ${c.pg.toFixed(2)})`;
    const ratio = (f.cpu.node + f.cpu.pg) / (me.cpu.node + me.cpu.pg);
    console.log(`  CPU per request: Me ${ms(me.cpu)}, the list ${ms(f.cpu)}: ${ratio.toFixed(1)}×`);
  }
}

/** The number a `select count(*)…` statement answers (a page's label: "25 of 70 users"). */
export async function countOf(db: Queryable, text: string, params: unknown[] = []) {
  const r = (await db.query(text, params)) as { rows: { count: string | number }[] };
  return Number(r.rows[0]!.count);
}

type Page = { results: unknown[] };
/** Where a page's rows are: `results`, or `results.results` in the team users' answer. */
const rowsOf = (body: { results: unknown[] | Page }) =>
  Array.isArray(body.results) ? body.results : body.results.results;

/**
 * A list page as its screen receives it, checked to hold the `rows` rows seeded for it: its
 * size in KB (what the figure's title prints).
 */
export async function pageKb(
  url: string,
  init: RequestInit & { token: string },
  rows: number,
): Promise<string> {
  const res = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${init.token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  const found = rowsOf(JSON.parse(text)).length;
  if (found !== rows) throw new Error(`${url}: ${found} rows, not the ${rows} seeded`);
  return `${(text.length / 1024).toFixed(1)} KB`;
}

/**
 * A team as the dashboard sees it (issue 27): `folders` root folders of two images each, made
 * by the bench user, and `upcoming` meetings to come that another member organizes and the bench
 * user is invited to, each with a room of the team, the organizer as moderator, the bench user,
 * one more member and a guest. The bench user is made a plain member of the team.
 */
export async function seedListTeam(
  db: Queryable,
  team: string,
  user: string,
  opts: { folders: number; upcoming: number },
) {
  await db.query(
    `insert into file_items (organization_id, owner_user_id, name, type, scope, created, created_by)
     select $1, $2, 'Folder ' || lpad(i::text, 3, '0'), 1, 1, now() - (i || ' minutes')::interval, $2
     from generate_series(1, $3::int) i`,
    [team, user, opts.folders],
  );
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope,
       mime_type, content_length, created, created_by)
     select f.organization_id, $2, f.id, 'Image ' || i || '.png', 2, 1, 'image/png', 1000, now(), $2
     from file_items f, generate_series(1, 2) i
     where f.organization_id = $1 and f.type = 1`,
    [team, user],
  );
  await db.query(
    `insert into users (email, first_name, last_name, activated)
     select 'member' || i || '.' || $1 || '@bench.local', 'Member', 'Number ' || i, true
     from generate_series(1, 2) i`,
    [team],
  );
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     select $1::uuid, u.id, 'User', 'License' from users u
     where u.email like '%.' || $1::text || '@bench.local'`,
    [team],
  );
  await db.query(
    `update memberships set role = 'User' where user_id = $1 and organization_id = $2`,
    [user, team],
  );
  await db.query(
    `insert into rooms (name, description, category, image_url, scene_name, addressable_url_android,
       addressable_url_windows, addressable_url_mac, max_users, capabilities, sharing_type,
       organization_id)
     values ('Board room', 'The big table, a screen and a whiteboard', 'Meeting',
       'https://cdn.bench.local/rooms/board.png', 'BoardRoom',
       'https://cdn.bench.local/rooms/board/android/catalog.json',
       'https://cdn.bench.local/rooms/board/windows/catalog.json',
       'https://cdn.bench.local/rooms/board/mac/catalog.json', 12,
       '["Whiteboard", "Screen", "Files"]', 'OwnerOrganization', $1)`,
    [team],
  );
  const organizer = `member1.${team}@bench.local`;
  await db.query(
    `insert into meetings (organization_id, code, name, description, start_date, end_date,
       created_by_user_id)
     select $1::uuid, md5($1::text || 'list' || i::text), 'Weekly review ' || i,
       'Where the project stands, and what comes next', now() + (i || ' days')::interval,
       now() + (i || ' days')::interval + interval '1 hour',
       (select id from users where email = $2)
     from generate_series(1, $3::int) i`,
    [team, organizer, opts.upcoming],
  );
  await db.query(
    `insert into meeting_rooms (meeting_id, room_id, position)
     select m.id, r.id, 0 from meetings m join rooms r on r.organization_id = m.organization_id
     where m.organization_id = $1`,
    [team],
  );
  await db.query(
    `insert into meeting_participants (meeting_id, user_id, email, participant_type)
     select m.id, u.id, u.email,
       case when u.email = $2 then 'Moderator' else 'Participant' end
     from meetings m, users u
     where m.organization_id = $1::uuid
       and (u.email like '%.' || $1::text || '@bench.local' or u.id = $3)`,
    [team, organizer, user],
  );
  await db.query(
    `insert into meeting_participants (meeting_id, email, participant_type)
     select m.id, 'guest@elsewhere.example', 'Participant' from meetings m where m.organization_id = $1`,
    [team],
  );
}

/** The member's meetings page as the meetings screen asks for it (upcoming, 10 a page). */
export const meetingsPagePath = (team: string) =>
  `/api/Organizations/${team}/Meetings?IncludePastMeetings=false&Page=1&PageSize=10`;

/** The dashboard's meetings panel: upcoming and ongoing, the first 5 (meetingLimits). */
export const meetingsPanelPath = (team: string) =>
  `/api/Organizations/${team}/Meetings?IncludePastMeetings=false&Page=1&PageSize=5`;

/**
 * The other meetings lists beside `GET /api/Users/Me` in the same turns (issue 27): the
 * dashboard's meetings panel of the member on the dashboard team, and the meetings page of an
 * admin, on a team seeded as the dashboard team (`seedListTeam`) whose admin the bench user is.
 * Goal: each at least 0.33× Me's throughput, p99 within 3×.
 */
export async function meetingListFigures(
  origin: string,
  token: string,
  team: string,
  userId: string,
  db: Queryable,
) {
  const { id: adminTeam } = await json<{ id: string }>(origin, '/api/Organizations/Register', {
    method: 'PUT',
    token,
    body: JSON.stringify({ name: 'Admin team', companyName: 'Bench', industry: 'Technology' }),
  });
  await seedListTeam(db, adminTeam, userId, { folders: 0, upcoming: 12 });
  await db.query(
    `update memberships set role = 'Admin' where user_id = $1 and organization_id = $2`,
    [userId, adminTeam],
  );
  await db.query('vacuum analyze');
  const adminPage = `${origin}/api/Organizations/${adminTeam}/Meetings?Page=1&PageSize=10`;
  const panel = `${origin}${meetingsPanelPath(team)}`;
  const sizes = [await pageKb(adminPage, { token }, 10), await pageKb(panel, { token }, 5)];
  const [meFig, adminFig, panelFig] = await alternate(
    () => load(`${origin}/api/Users/Me`, token, 20),
    () => load(adminPage, token, 20),
    () => load(panel, token, 20),
  );
  besideMe(meFig, adminFig, "Admin's meetings page", '10 upcoming of 12', sizes[0]!);
  besideMe(meFig, panelFig, "Dashboard's meetings panel", '5 upcoming of 12', sizes[1]!);
}
