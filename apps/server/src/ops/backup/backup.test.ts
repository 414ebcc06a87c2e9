import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingApi, filesApi, meetingsApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  licenses,
  orderOk,
  prices,
  saveCard,
  saveCustomer,
} from '../../modules/billing/testing.ts';
import { fileApi, PDF, runPurgeJobs } from '../../modules/files/testing.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { signIn } from '../../test/factories.ts';
import { migratedPgliteDump, migratedPgTemplate } from '../../test/migratedDatabase.ts';
import { freshPgDatabase, onPgServer } from '../../test/pgDatabase.ts';
import { addRoom, createMeeting, meetingBody, team } from '../../test/workspace.ts';
import { copyStorageOut } from './localFiles.ts';
import type { Manifest } from './manifest.ts';
import { openPostgresSnapshot, restorePostgres } from './postgres.ts';
import { missingObjects } from './referenced.ts';
import { appAt, type Place, runOps } from './testing.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them: on the embedded database, or
 * on PostgreSQL when TEST_PG_URL names a server (each place its own new database).
 */
const pgBase = process.env.TEST_PG_URL;
const jwtSecret = randomBytes(32).toString('hex');
const cleanups: (() => Promise<unknown>)[] = [];
let root: string;

async function newPlace(name: string, opts: { template?: boolean } = {}): Promise<Place> {
  const dataDir = join(root, name);
  if (!pgBase) return { dataDir };
  const db = await freshPgDatabase(pgBase, opts.template ? { template: migratedPgTemplate() } : {});
  cleanups.push(db.drop);
  return { dataDir, databaseUrl: db.url };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'roomscale-backup-'));
});

afterAll(async () => {
  for (const c of cleanups) await c();
  await rm(root, { recursive: true, force: true });
});

/** The source installation, filled through the API, then stopped. */
let source: Place;
let backupFolder: string;
let w: Awaited<ReturnType<typeof team>>;
let fileId: string;
let meetingId: string;
let lostKey: string;
const content = Buffer.concat([PDF, randomBytes(200_000)]);

describe('npm run backup, then npm run restore into a fresh place', () => {
  beforeAll(async () => {
    source = await newPlace('source', { template: true });
    const t = await appAt(source, jwtSecret, pgBase ? undefined : await migratedPgliteDump());
    try {
      w = await team(t, 'Backed up');
      const files = fileApi(() => t);
      const doc = await files.file(
        w.id,
        w.admin,
        'Site plan',
        {},
        content,
        'application/pdf',
        'Document',
      );
      fileId = doc.fileId;
      // A file whose stored object goes before the backup, as when it is deleted mid-backup.
      const lost = await files.file(w.id, w.admin, 'Lost', {}, PDF, 'application/pdf', 'Document');
      lostKey = t.ctx.storage.keyFromBlobUri(String(lost.blobUri))!;
      const room = await addRoom(t, w.id, w.admin);
      meetingId = (
        await createMeeting(
          t,
          w.id,
          w.admin,
          meetingBody(t, [room.id], [{ email: w.member.email }]),
        )
      ).id;
      await saveCustomer(t, w.admin, w.id);
      const card = await saveCard(t, w.admin, w.id);
      await orderOk(t, w.admin, w.id, {
        priceId: prices(t).month,
        quantity: 7,
        paymentMethodId: card.paymentMethodId,
      });
      expect(await licenses(t, w.admin, w.id)).toMatchObject({ licenseCount: 7 });
    } finally {
      await t.close();
    }
    const lostObject = join(source.dataDir, 'files', 'objects', lostKey);
    await rm(lostObject);
    await rm(`${lostObject}.meta.json`);
    backupFolder = join(root, 'backup');
  }, 120_000);

  it('restores the team, its file byte for byte, the meeting, the licenses and the subscription', async () => {
    const made = await runOps('backup', source, [backupFolder]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain(`Backup written to ${backupFolder}`);
    expect(made.err).toContain('Warning: 1 stored files the database names were not there to copy');
    const manifest = JSON.parse(
      await readFile(join(backupFolder, 'backup.json'), 'utf8'),
    ) as Manifest;
    expect(manifest).toMatchObject({
      format: 1,
      database: { kind: pgBase ? 'postgres' : 'pglite' },
      storage: { driver: 'local', missing: [lostKey] },
    });
    expect(manifest.schema.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.storage).toMatchObject({ objects: 1, bytes: content.length });

    const target = await newPlace('target');
    const restored = await runOps('restore', target, [backupFolder]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain('and 1 stored files');

    // The restored place started as a server starts: migrated, its files directory claimed.
    const t = await appAt(target, jwtSecret);
    try {
      const admin = { ...w.admin, session: await signIn(t, w.admin) };
      const res = await callEndpoint(t, filesApi.download, {
        params: { fileItemId: fileId },
        token: admin.session,
      });
      expect(res.status, res.raw.body).toBe(200);
      const got = await fetch(t.local(res.body.blobUri));
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);

      const meeting = await callEndpoint(t, meetingsApi.get, {
        params: { organizationId: w.id, meetingId },
        token: admin.session,
      });
      expect(meeting.status, meeting.raw.body).toBe(200);
      expect(await licenses(t, admin, w.id)).toMatchObject({
        licenseCount: 7,
        stripeLicenseCount: 7,
      });
      const customer = await callEndpoint(t, billingApi.customer, {
        params: { organizationId: w.id },
        token: admin.session,
      });
      expect(customer.status, customer.raw.body).toBe(200);
      expect(customer.body.subscriptionDetail).toMatchObject({
        status: 'active',
        currentSubscriptionUserCount: 7,
      });
    } finally {
      await t.close();
    }

    // A place that holds a database is not written over without --force.
    const again = await runOps('restore', target, [backupFolder]);
    expect(again.code).toBe(1);
    expect(again.err.trim().split('\n')).toHaveLength(1);
    expect(again.err).toMatch(/--force/);
    const forced = await runOps('restore', target, [backupFolder, '--force']);
    expect(forced.code, forced.err).toBe(0);
  }, 120_000);

  it('refuses a backup of a newer schema than this code knows, and a changed dump', async () => {
    const manifestPath = join(backupFolder, 'backup.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
    const future = join(root, 'future');
    await cp(backupFolder, future, { recursive: true });
    const futureManifest = {
      ...manifest,
      schema: {
        lastMigration: '9999_from_the_future',
        migrationWhen: 9_999_999_999_999,
        migrations: 99,
      },
    };
    await writeFile(join(future, 'backup.json'), JSON.stringify(futureManifest));
    const newer = await runOps('restore', await newPlace('newer'), [future]);
    expect(newer.code).toBe(1);
    expect(newer.err).toContain("This backup's schema (9999_from_the_future");
    expect(newer.err).toContain('is newer than this version knows');

    await writeFile(join(future, 'backup.json'), JSON.stringify(manifest));
    await writeFile(join(future, manifest.database.file), 'not the dump');
    const changed = await runOps('restore', await newPlace('changed'), [future]);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain('changed since the backup');
  }, 120_000);
});

describe.skipIf(pgBase)('the embedded database held by a running server', () => {
  it('is not backed up while the server has it open', async () => {
    const place = await newPlace('running');
    const t = await appAt(place, jwtSecret, await migratedPgliteDump());
    try {
      const res = await runOps('backup', place, [join(root, 'while-running')]);
      expect(res.code).toBe(1);
      expect(res.err).toContain('is open (postmaster.pid is there): stop the server');
    } finally {
      await t.close();
    }
    const after = await runOps('backup', place, [join(root, 'after-stop')]);
    expect(after.code, after.err).toBe(0);
  }, 120_000);
});

describe.skipIf(!pgBase)('a PostgreSQL backup taken while the server serves', () => {
  it('dumps one snapshot and names the objects of its rows deleted before the copy', async () => {
    const place = await newPlace('live', { template: true });
    const t = await appAt(place, jwtSecret);
    try {
      const live = await team(t, 'Live');
      const files = fileApi(() => t);
      const doc = await files.file(
        live.id,
        live.admin,
        'Deleted mid-backup',
        {},
        content,
        'application/pdf',
        'Document',
      );
      const key = t.ctx.storage.keyFromBlobUri(String(doc.blobUri))!;
      const snapshot = await openPostgresSnapshot(place.databaseUrl!);
      const folder = join(root, 'live-backup');
      await mkdir(folder);
      try {
        // The user deletes the file after the snapshot: its row goes, then its object (by the
        // purge job the deletion queued).
        const removed = await files.remove(live.id, doc.fileId, live.admin);
        expect(removed.statusCode, removed.body).toBe(204);
        await runPurgeJobs(t);
        await snapshot.dumpTo(join(folder, 'database.dump'));
        const copied = await copyStorageOut(join(place.dataDir, 'files'), join(folder, 'files'));
        expect(copied.objects).toBe(0);
        expect(await missingObjects(snapshot.query, join(folder, 'files'))).toEqual([key]);
      } finally {
        await snapshot.close();
      }
      // The dump holds the row as the snapshot saw it, though the database has it no more.
      const restoredInto = await newPlace('live-restored');
      await restorePostgres(restoredInto.databaseUrl!, join(folder, 'database.dump'), false);
      const rows = await onPgServer(restoredInto.databaseUrl!, (c) =>
        c.query('select blob_key from file_items where id = $1', [doc.fileId]),
      );
      expect(rows.rows).toEqual([{ blob_key: key }]);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.skipIf(!pgBase)('PostgreSQL client tools', () => {
  it('names the package when pg_dump is missing', async () => {
    const res = await runOps(
      'backup',
      await newPlace('no-tools', { template: true }),
      [join(root, 'no-tools-backup')],
      { PATH: '/nonexistent' },
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain('pg_dump was not found: install the PostgreSQL client tools');
  }, 120_000);
});
