import { fileLimits } from '../../packages/shared/src/index.ts';
import { besideMe } from './lists.ts';
import { alternate, filesList, filesRootBody, load } from './load.ts';
import type { Queryable } from './seed.ts';

/**
 * The file lists beside `GET /api/Users/Me` in the same turns (issue 27), on the dashboard team
 * of `seedListTeam` (30 root folders of two images each): the files root page (18), a folder's
 * page of 18 and of 100 items, the dashboard's recent files and the notes made in VR. Goal: each
 * at least 0.33× Me's throughput, p99 within 3×; and a page of 100 costs what its rows add, no
 * more (the ratio of the two folder pages is printed beside their sizes).
 */

/** 'Folder 001' of the dashboard team, as an upload would fill it: what the folder pages list. */
export const BIG_FOLDER = 'Folder 001';

/**
 * Into `BIG_FOLDER`: 20 folders of three images each, then 110 images with their content and
 * thumbnail, half of them changed later by another member (two names a row); and 30 notes and 10
 * pictures made in VR (source 0) in 'Folder 002', with thumbnails, the team's newest items.
 * Keys as storage makes them.
 */
export async function seedFileLists(db: Queryable, team: string, user: string) {
  const folder = `(select id from file_items where organization_id = $1::uuid and parent_id is null
    and name = '${BIG_FOLDER}')`;
  const key = `'org/' || $1::text || '/' || gen_random_uuid()`;
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, source,
       created, created_by)
     select $1::uuid, $2::uuid, ${folder}, 'Subfolder ' || lpad(i::text, 2, '0'), 1, 1, 1,
       now() - interval '1 day' + (i || ' seconds')::interval, $2::uuid
     from generate_series(1, 20) i`,
    [team, user],
  );
  const other = `(select u.id from users u where u.email = 'member2.' || $1::text || '@bench.local')`;
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, source,
       mime_type, content_length, blob_key, thumbnail_key, created, created_by, last_modified,
       last_modified_by)
     select $1::uuid, $2::uuid, p.id, 'Photo ' || lpad(i::text, 3, '0') || '.jpg', 2, 1, 1, 'image/jpeg',
       250000 + i, ${key}, ${key}, now() - interval '2 hours' + (i || ' seconds')::interval, $2::uuid,
       case when i % 2 = 0 then now() - interval '1 hour' end,
       case when i % 2 = 0 then ${other} end
     from generate_series(1, 110) i, ${folder} p(id)`,
    [team, user],
  );
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, source,
       mime_type, content_length, blob_key, thumbnail_key, created, created_by)
     select $1::uuid, $2::uuid, s.id, 'Scan ' || i || '.png', 2, 1, 1, 'image/png', 90000, ${key},
       ${key}, now() - interval '3 hours', $2::uuid
     from file_items s, generate_series(1, 3) i
     where s.organization_id = $1::uuid and s.parent_id = ${folder} and s.type = 1`,
    [team, user],
  );
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, source,
       mime_type, content_length, blob_key, thumbnail_key, created, created_by)
     select $1::uuid, $2::uuid,
       (select id from file_items where organization_id = $1::uuid and parent_id is null
         and name = 'Folder 002'),
       case when i <= 30 then 'Note ' || i else 'Whiteboard ' || i || '.png' end,
       case when i <= 30 then 6 else 2 end, 1, 0,
       case when i <= 30 then 'application/json' else 'image/png' end, 300, ${key},
       ${key}, newest.at + ((41 - i) || ' seconds')::interval, $2::uuid
     from generate_series(1, 40) i,
       (select max(created) from file_items where organization_id = $1::uuid) newest(at)`,
    [team, user],
  );
}

const folderBody = (parentFileId: string, pageSize: number) => ({
  ...filesRootBody,
  parentFileId,
  scopes: ['Organization'],
  pagination: { page: 1, pageSize },
});

/** The dashboard's newest files, as it asks for them (12, no folders, both scopes). */
export const dashboardRecentBody = {
  parentFileId: null,
  hierarchical: false,
  excludedFileTypes: ['Folder'],
  scopes: ['Organization', 'User'],
  sortBy: 'CreatedDescending',
  pagination: { page: 1, pageSize: 12 },
};

/** The notes and pictures made in VR, newest first, as their screen asks for them. */
export const notesBody = {
  parentFileId: null,
  hierarchical: false,
  includedFileTypes: ['Note', 'Image'],
  scopes: ['Organization', 'User'],
  sources: ['VR'],
  sortBy: 'CreatedDescending',
  pagination: { page: 1, pageSize: fileLimits.recentPageSize },
};

/** The bodies of the file list figures, with the number of rows each answer must hold. */
export const fileListCalls = (folderId: string) => ({
  root: { body: filesRootBody, rows: 18 },
  folder18: { body: folderBody(folderId, 18), rows: 18 },
  folder100: { body: folderBody(folderId, 100), rows: 100 },
  recent: { body: dashboardRecentBody, rows: 12 },
  notes: { body: notesBody, rows: fileLimits.recentPageSize },
});

async function answer(origin: string, token: string, team: string, body: object) {
  const res = await fetch(`${origin}/api/Organizations/${team}/File`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`file list: ${res.status} ${text}`);
  return { text, results: (JSON.parse(text) as { results: { fileId: string }[] }).results };
}

/** The id of `BIG_FOLDER`, read through the API as the files screen finds it. */
export async function bigFolderId(origin: string, token: string, team: string) {
  const root = await answer(origin, token, team, filesRootBody);
  const found = (root.results as { fileId: string; name?: string }[]).find(
    (f) => f.name === BIG_FOLDER,
  );
  if (!found) throw new Error(`${BIG_FOLDER} is not on the files root page`);
  return found.fileId;
}

/**
 * Seeds the file lists into the dashboard team and measures them beside `GET /api/Users/Me`, all
 * in the same turns.
 */
export async function fileListFigures(
  origin: string,
  token: string,
  team: string,
  user: string,
  db: Queryable,
) {
  await seedFileLists(db, team, user);
  await db.query('vacuum analyze file_items');
  const calls = fileListCalls(await bigFolderId(origin, token, team));
  const sizes: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls)) {
    const { text, results } = await answer(origin, token, team, call.body);
    if (results.length !== call.rows)
      throw new Error(`${name}: ${results.length} rows, not the ${call.rows} seeded`);
    sizes[name] = `${(text.length / 1024).toFixed(1)} KB`;
  }
  const list = (body: object) => () => filesList(origin, token, team, body);
  const [me, root, folder18, folder100, recent, notes] = await alternate(
    () => load(`${origin}/api/Users/Me`, token, 20),
    list(calls.root.body),
    list(calls.folder18.body),
    list(calls.folder100.body),
    list(calls.recent.body),
    list(calls.notes.body),
  );
  besideMe(me, root, 'Files root page', '18 of 30 folders', sizes.root!);
  besideMe(me, folder18, "A folder's page of 18", '18 of 130 items', sizes.folder18!);
  besideMe(me, folder100, "A folder's page of 100", '100 of 130 items', sizes.folder100!);
  besideMe(me, recent, 'Dashboard recent files', '12 newest', sizes.recent!);
  besideMe(me, notes, 'Notes made in VR', `${fileLimits.recentPageSize} newest`, sizes.notes!);
  console.log(
    `  a folder's page of 100 beside one of 18: ${(folder18.rps / folder100.rps).toFixed(2)}× the time a request for ${(100 / 18).toFixed(2)}× the rows (${sizes.folder100} against ${sizes.folder18})`,
  );
}
