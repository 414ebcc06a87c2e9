import type pg from 'pg';
import { alternate, load, row } from './load.ts';
import type { Queryable } from './seed.ts';

/**
 * The usage insight screens' calls (issue 29 §4): a team of 2,000 users with a year of daily
 * totals beside a team of 20 with the same year, in the same run (`alternate`). Goal: the list
 * goals, the big team ≥ 0.67× the small one's throughput, p99 ≤ 1.5×.
 */
/**
 * Seeds a year of use for a team (screenshots import it too; keep its signature): `users` new
 * members (emails `insight-<tag>-<i>@bench.local`, half holding a License), each in VR on about
 * a third of the last 366 days, with the totals the rollup keeps (user, member and team days,
 * member and team weeks, each member's last day in VR, the licenses held each day), a seat per
 * member and the last 90 days' check-ins as facts.
 */
export async function seedInsightTeam(db: Queryable, team: string, users: number, tag: string) {
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
  // A year of days: each member in VR on about a third of them. The running server's rollup
  // (apps/server/src/modules/usage/rollup.ts) may write a row of the same key meanwhile: the
  // seed leaves such a row as the rollup wrote it, here and in the totals below.
  const days = `generate_series(current_date - 365, current_date, interval '1 day') d`;
  await db.query(
    `insert into usage_user_days
     select u.id, d::date, 12, 1, 3600, 1, d + interval '9 hours', d + interval '10 hours'
     from users u, ${days}
     where u.email like 'insight-' || $1 || '-%' and random() < 0.33
     on conflict do nothing`,
    [tag],
  );
  await db.query(
    `insert into usage_member_days
     select $1, ud.day, ud.user_id, random() < 0.5, true, 1, 3600, 1
     from usage_user_days ud join users u on u.id = ud.user_id
     where u.email like 'insight-' || $2 || '-%'
     on conflict do nothing`,
    [team, tag],
  );
  await db.query(
    `insert into usage_team_days
     select $1, day, count(*), count(*) filter (where licensed), count(*), sum(seconds_in_vr),
       5, 10, 2, 3
     from usage_member_days where organization_id = $1 group by day on conflict do nothing`,
    [team],
  );
  // What the rollup keeps beside the days (apps/server/src/modules/usage/rollup.ts): the ISO
  // weeks (UTC) of each member and of the team, each member's last day in VR.
  await db.query(
    `insert into usage_member_weeks
     select organization_id, date_trunc('week', day)::date, user_id, bool_or(in_vr),
       bool_or(in_vr and licensed)
     from usage_member_days where organization_id = $1 group by 1, 2, 3 on conflict do nothing`,
    [team],
  );
  await db.query(
    `insert into usage_team_weeks
     select organization_id, week, count(*) filter (where in_vr),
       count(*) filter (where licensed_in_vr)
     from usage_member_weeks where organization_id = $1 group by 1, 2 on conflict do nothing`,
    [team],
  );
  await db.query(
    `insert into usage_member_last_in_vr
     select md.organization_id, md.user_id, max(ud.last_seen_at)
     from usage_member_days md join usage_user_days ud on ud.user_id = md.user_id and ud.day = md.day
     where md.organization_id = $1 and md.in_vr group by 1, 2 on conflict do nothing`,
    [team],
  );
  // Licenses held each day: from 40 % of the members a year ago to 55 % today.
  await db.query(
    `insert into usage_team_licenses
     select $1, d::date, round($2::int * (0.40 + 0.15 * (d::date - (current_date - 365)) / 365.0))
     from ${days}
     on conflict do nothing`,
    [team, users],
  );
  // The facts kept: each member's check-ins of the last 90 days (12 per day in VR).
  await db.query(
    `insert into usage_check_ins (at, user_id, seat_key, device_name, app_version, conflicted)
     select ud.first_seen_at + (k * interval '5 minutes'), ud.user_id, 'seat-' || ud.user_id,
       'Quest 3', 'RoomscaleVR/2.4.1', false
     from usage_user_days ud join users u on u.id = ud.user_id, generate_series(0, 11) k
     where u.email like 'insight-' || $1 || '-%' and ud.day > current_date - 90`,
    [tag],
  );
  // Each member's seat as their check-ins left it (the seat call writes the seat and the fact
  // at one instant): taken at their first check-in kept, last seen at their latest.
  await db.query(
    `insert into seats (user_id, seat_key, device_name, assigned_at, last_seen_at)
     select ci.user_id, 'seat-' || ci.user_id, 'Quest 3', min(ci.at), max(ci.at)
     from usage_check_ins ci join users u on u.id = ci.user_id
     where u.email like 'insight-' || $1 || '-%'
     group by ci.user_id`,
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
  await seedInsightTeam(db, small, 20, 's');
  await seedInsightTeam(db, big, 2000, 'b');
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
