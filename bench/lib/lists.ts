import type { Queryable } from './seed.ts';

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
