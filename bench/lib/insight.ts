import type pg from 'pg';
import { alternate, load, row } from './load.ts';

/**
 * The usage insight screens' calls (issue 29 §4): a team of 2,000 users with a year of daily
 * totals beside a team of 20 with the same year, in the same run (`alternate`). Goal: the list
 * goals, the big team ≥ 0.67× the small one's throughput, p99 ≤ 1.5×.
 */
async function seedUsageTeam(db: pg.Client, team: string, users: number, tag: string) {
  await db.query(
    `insert into users (email, first_name, last_name)
     select 'insight-' || $2 || '-' || i || '@bench.local', 'User', $2 || i
     from generate_series(1, $1::int) i`,
    [users, tag],
  );
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     select $1, id, 'User', case when random() < 0.5 then 'License' else 'Trial' end
     from users where email like 'insight-' || $2 || '-%'`,
    [team, tag],
  );
  // A year of days: each member in VR on about a third of them.
  const days = `generate_series(current_date - 365, current_date, interval '1 day') d`;
  await db.query(
    `insert into usage_user_days
     select u.id, d::date, 12, 1, 3600, 1, d + interval '9 hours', d + interval '10 hours'
     from users u, ${days}
     where u.email like 'insight-' || $1 || '-%' and random() < 0.33`,
    [tag],
  );
  await db.query(
    `insert into usage_member_days
     select $1, ud.day, ud.user_id, random() < 0.5, true, 1, 3600, 1
     from usage_user_days ud join users u on u.id = ud.user_id
     where u.email like 'insight-' || $2 || '-%'`,
    [team, tag],
  );
  await db.query(
    `insert into usage_team_days
     select $1, day, count(*), count(*) filter (where licensed), count(*), sum(seconds_in_vr),
       5, 10, 2, 3
     from usage_member_days where organization_id = $1 group by day`,
    [team],
  );
  await db.query(
    `insert into seats (user_id, seat_key, device_name, assigned_at, last_seen_at)
     select id, 'seat-' || id, 'Quest 3', now() - interval '1 day', now() - random() * interval '30 days'
     from users where email like 'insight-' || $1 || '-%'`,
    [tag],
  );
  // The facts kept: each member's last check-ins of the last 90 days (a few per day in VR).
  await db.query(
    `insert into usage_check_ins (at, user_id, seat_key, device_name, app_version, conflicted)
     select ud.first_seen_at + (k * interval '5 minutes'), ud.user_id, 'seat-' || ud.user_id,
       'Quest 3', 'RoomscaleVR/2.4.1', false
     from usage_user_days ud join users u on u.id = ud.user_id, generate_series(0, 11) k
     where u.email like 'insight-' || $1 || '-%' and ud.day > current_date - 90`,
    [tag],
  );
}

export async function insightFigures(
  origin: string,
  token: string,
  small: string,
  big: string,
  db: pg.Client,
) {
  console.log('Seeding a year of usage for 20 and 2,000 users…');
  await seedUsageTeam(db, small, 20, 's');
  await seedUsageTeam(db, big, 2000, 'b');
  await db.query('vacuum analyze');
  const calls: [string, (team: string) => string][] = [
    ['Team usage, 12 weeks', (t) => `/api/Organizations/${t}/Usage?timeZone=Europe%2FBerlin`],
    ['Team devices, page 1 of 25', (t) => `/api/Organizations/${t}/Devices?Page=1&PageSize=25`],
    ['Team users with Last in VR', (t) => `/api/Organizations/${t}/Users?Page=1&PageSize=25`],
    [
      "Team users, 'not in VR for 30 days'",
      (t) => `/api/Organizations/${t}/Users?Page=1&PageSize=25&LicensedNotInVr=true`,
    ],
  ];
  for (const [name, path] of calls) {
    const [s, b] = await alternate(
      () => load(`${origin}${path(small)}`, token, 20),
      () => load(`${origin}${path(big)}`, token, 20),
    );
    row(
      `${name}, 20 connections`,
      s,
      b,
      ['20 users, a year', '2,000 users, a year'],
      '≥ 0.67× throughput, p99 ≤ 1.5×',
      b.rps >= 0.67 * s.rps && b.p99 <= 1.5 * Math.max(s.p99, 1),
    );
  }
}
