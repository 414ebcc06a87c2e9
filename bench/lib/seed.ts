/** Anything that runs a parameterized statement: a node-postgres client or PGlite. */
export type Queryable = { query(text: string, params?: unknown[]): Promise<unknown> };

/** Folders at the root and images inside them, inserted in one statement each. */
export async function seedFiles(
  db: Queryable,
  team: string,
  user: string,
  folders: number,
  images: number,
) {
  await db.query(
    `insert into file_items (organization_id, owner_user_id, name, type, scope, created)
     select $1, $2, 'Folder ' || lpad(i::text, 6, '0'), 1, 1, now() - (i || ' minutes')::interval
     from generate_series(1, $3::int) i`,
    [team, user, folders],
  );
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope,
       mime_type, content_length, created)
     select $1, $2, f.id, 'Image ' || i || '.png', 2, 1, 'image/png', 1000,
       now() - (i || ' seconds')::interval
     from generate_series(1, $3::int) i
     join (select id, row_number() over (order by name) - 1 as n from file_items
       where organization_id = $1 and type = 1) f on f.n = i % $4::int`,
    [team, user, images, folders],
  );
}
