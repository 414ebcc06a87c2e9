import { roomListBody } from '../../apps/web/src/features/rooms/roomFilters.ts';
import {
  defaultRoomFilters,
  limits,
  roomLimits,
  teamUserLimits,
} from '../../packages/shared/src/index.ts';
import { seedInsightTeam } from './insight.ts';
import { besideMe, countOf, pageKb } from './lists.ts';
import { alternate, json, load } from './load.ts';
import type { Queryable } from './seed.ts';

/**
 * The team and admin screens' lists beside `GET /api/Users/Me` in the same turns (issue 27), on
 * a team the bench user registers (its admin): the Team > Users tab's page of 50, the Rooms
 * screen's first page, the team's audit log page, and, as super admin, the admin users and
 * teams pages. Each called with the parameters its screen sends (apps/web/src/features/…/api.ts).
 */

const MEMBERS = 60;
const TEAM_ROOMS = 30;
const PRIVATE_ROOMS = 6;
const AUDIT_ENTRIES = 40;
const OTHER_TEAMS = 24;

/**
 * `MEMBERS` members with a year in VR (their 'Last in VR'), `TEAM_ROOMS` team rooms and
 * `PRIVATE_ROOMS` of the bench user's, an audit entry for each member added and some of their
 * licenses, and `OTHER_TEAMS` teams of three of those members each for the admin teams page.
 */
export async function seedScreenLists(db: Queryable, team: string, user: string) {
  await seedInsightTeam(db, team, MEMBERS, 'lists');
  await db.query(
    `insert into rooms (name, description, category, image_url, scene_name, addressable_url_android,
       addressable_url_windows, addressable_url_mac, max_users, capabilities, sharing_type,
       organization_id, owner_user_id, created, created_by)
     select case when i <= $3 then 'Team room ' else 'My room ' end || lpad(i::text, 2, '0'),
       'A room for workshops, reviews and the weekly stand-up', 'Meeting',
       'https://cdn.bench.local/rooms/' || i || '.png', 'Workshop',
       'https://cdn.bench.local/rooms/' || i || '/android/catalog.json',
       'https://cdn.bench.local/rooms/' || i || '/windows/catalog.json',
       'https://cdn.bench.local/rooms/' || i || '/mac/catalog.json', 16,
       '["Whiteboard", "Screen", "Files"]',
       case when i <= $3 then 'OwnerOrganization' else 'OwnerUser' end, $1::uuid,
       case when i > $3 then $2::uuid end, now() - (i || ' hours')::interval, $2::uuid
     from generate_series(1, $3::int + $4::int) i`,
    [team, user, TEAM_ROOMS, PRIVATE_ROOMS],
  );
  await db.query(
    `insert into audit_log (at, action, entity_id, organization_id, organization_name, actor_id,
       actor_name, actor_email, target_user_id, target_name, before, after, ip)
     select now() - (k || ' minutes')::interval,
       case when k % 2 = 0 then 'membership.add' else 'membership.edit' end,
       m.id::text, $1::uuid, o.name, a.id, a.first_name || ' ' || a.last_name, a.email, u.id,
       u.first_name || ' ' || u.last_name,
       case when k % 2 = 1 then '{"role": "User", "licenseType": "Trial"}'::jsonb end,
       '{"role": "User", "licenseType": "License"}'::jsonb, '203.0.113.' || k
     from generate_series(1, $3::int) k
       join lateral (select * from users where email like 'insight-lists-%'
         order by email offset k % $4::int limit 1) u on true
       join memberships m on m.user_id = u.id and m.organization_id = $1::uuid
       join organizations o on o.id = $1::uuid, users a
     where a.id = $2::uuid`,
    [team, user, AUDIT_ENTRIES, MEMBERS],
  );
  await db.query(
    `insert into organizations (name, company_name, industry, created)
     select 'Customer team ' || lpad(i::text, 2, '0'), 'Customer ' || i || ' Ltd', 'Technology',
       now() - (i || ' days')::interval
     from generate_series(1, $1::int) i`,
    [OTHER_TEAMS],
  );
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     select o.id, u.id, case when u.n % 3 = 0 then 'Admin' else 'User' end, 'Trial'
     from organizations o
       join (select id, row_number() over (order by email) as n from users
         where email like 'insight-lists-%') u
         on u.n % $1::int = substring(o.name from '\\d+$')::int % $1::int
     where o.name like 'Customer team %'`,
    [OTHER_TEAMS],
  );
}

/** The calls as the screens send them, with the rows each page must hold. */
function screenCalls(origin: string, team: string) {
  const users = new URLSearchParams({
    Filter: '',
    Page: '1',
    PageSize: String(teamUserLimits.pageSize),
  });
  const page = (size: number) => `Page=1&PageSize=${size}`;
  return {
    teamUsers: {
      url: `${origin}/api/Organizations/${team}/Users?${users}`,
      init: {},
      rows: teamUserLimits.pageSize,
    },
    rooms: {
      url: `${origin}/api/Organizations/${team}/Rooms`,
      init: { method: 'POST', body: JSON.stringify(roomListBody(defaultRoomFilters, 1)) },
      rows: roomLimits.pageSize,
    },
    audit: {
      url: `${origin}/api/Organizations/${team}/AuditLog?${page(limits.auditPageSize)}`,
      init: {},
      rows: limits.auditPageSize,
    },
    adminUsers: {
      url: `${origin}/api/Admin/Users?${page(limits.adminPageSizeUsers)}`,
      init: {},
      rows: limits.adminPageSizeUsers,
    },
    adminTeams: {
      url: `${origin}/api/Admin/Organizations?${page(limits.adminPageSizeTeams)}`,
      init: {},
      rows: limits.adminPageSizeTeams,
    },
  };
}

export async function screenListFigures(
  origin: string,
  token: string,
  user: string,
  db: Queryable,
) {
  const { id: team } = await json<{ id: string }>(origin, '/api/Organizations/Register', {
    method: 'PUT',
    token,
    body: JSON.stringify({ name: 'Team of 60', companyName: 'Bench', industry: 'Technology' }),
  });
  await seedScreenLists(db, team, user);
  await db.query('vacuum analyze');
  const users = await countOf(db, 'select count(*) from users');
  const teams = await countOf(db, 'select count(*) from organizations');
  const entries = await countOf(db, 'select count(*) from audit_log where organization_id = $1', [
    team,
  ]);
  const calls = screenCalls(origin, team);
  const sizes: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls))
    sizes[name] = await pageKb(call.url, { ...call.init, token }, call.rows);
  const [me, teamUsers, rooms, audit, adminUsers, adminTeams] = await alternate(
    () => load(`${origin}/api/Users/Me`, token, 20),
    ...Object.values(calls).map((call) => () => load(call.url, token, 20, call.init)),
  );
  besideMe(
    me,
    teamUsers!,
    'Team users page',
    `${teamUserLimits.pageSize} of ${MEMBERS + 1} members`,
    sizes.teamUsers!,
  );
  besideMe(
    me,
    rooms!,
    'Rooms page',
    `${roomLimits.pageSize} of ${TEAM_ROOMS + PRIVATE_ROOMS} rooms`,
    sizes.rooms!,
  );
  besideMe(
    me,
    audit!,
    'Team audit log page',
    `${limits.auditPageSize} of ${entries} entries`,
    sizes.audit!,
  );
  besideMe(
    me,
    adminUsers!,
    'Admin users page',
    `${limits.adminPageSizeUsers} of ${users} users`,
    sizes.adminUsers!,
  );
  besideMe(
    me,
    adminTeams!,
    'Admin teams page',
    `${limits.adminPageSizeTeams} of ${teams} teams`,
    sizes.adminTeams!,
  );
}
