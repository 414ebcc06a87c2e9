import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApi, filesApi, roomsApi } from '@roomscale/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import {
  fileItems,
  meetings,
  memberships,
  organizations,
  rooms,
  teamTotals,
  users,
} from '../../db/schema.ts';
import type { Tx } from '../../db/types.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, addRoom, type Person, person, team } from '../../test/workspace.ts';
import { activeMembershipSql } from '../organizations/membership.ts';
import { addFile, addFolder, addUncountedRooms, expectOk } from './testing.ts';

/**
 * team_totals (migration 0031) keeps what a row of the admin teams list counts of its team. After
 * every kind of change, by the API or by hand, each team's totals are what counting its rows by
 * the list's rules finds.
 */

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

type Totals = { members: number; files: number; rooms: number; metaLicenses: number };

/** Each team's counts by the rules the list counted by before its totals were kept. */
async function freshCounts(): Promise<Map<string, Totals>> {
  const res = await t.ctx.db.execute(sql`select o.id,
      (select count(*)::int from memberships m
        where m.organization_id = o.id and ${activeMembershipSql('m')}) as members,
      (select count(*)::int from file_items f where f.organization_id = o.id and f.type <> 1) as files,
      (select count(*)::int from rooms r
        where r.organization_id = o.id and not r.is_template and r.meeting_id is null) as rooms,
      (select count(*)::int from memberships m join users u on u.id = m.user_id
        where m.organization_id = o.id and ${activeMembershipSql('m')} and u.has_meta_subscription)
        as meta
    from organizations o`);
  return new Map(
    rowsOf<{ id: string; members: number; files: number; rooms: number; meta: number }>(res).map(
      (r) => [
        r.id,
        {
          members: Number(r.members),
          files: Number(r.files),
          rooms: Number(r.rooms),
          metaLicenses: Number(r.meta),
        },
      ],
    ),
  );
}

async function keptTotals(): Promise<Map<string, Totals>> {
  const rows = await t.ctx.db.select().from(teamTotals);
  return new Map(
    rows.map((r) => [
      r.organizationId,
      { members: r.members, files: r.files, rooms: r.rooms, metaLicenses: r.metaLicenses },
    ]),
  );
}

/** Every team's kept totals equal a fresh count, and no team is without its row. */
async function expectTotalsFresh(label: string) {
  const fresh = await freshCounts();
  const kept = await keptTotals();
  expect(Object.fromEntries(kept), label).toEqual(Object.fromEntries(fresh));
}

/** One team's kept totals. */
async function totalsOf(organizationId: string): Promise<Totals | undefined> {
  return (await keptTotals()).get(organizationId);
}

const setMembership = (organizationId: string, userId: string, role: 'User' | 'Admin' | 'None') =>
  callEndpoint(t, adminApi.editMembership, {
    params: { organizationId, userId },
    body: { role, licenseType: role === 'None' ? 'None' : 'Trial' },
    token: root.session,
  });

const subscribe = (userId: string, on: boolean) =>
  t.ctx.db.update(users).set({ hasMetaSubscription: on }).where(eq(users.id, userId));

describe('team_totals', () => {
  it('starts at zero for a new team, and counts its first admin', async () => {
    const created = await callEndpoint(t, adminApi.createOrganization, {
      body: { name: 'Fresh team' },
      token: root.session,
    });
    expectOk(created);
    expect(await totalsOf(created.body.id)).toEqual({
      members: 0,
      files: 0,
      rooms: 0,
      metaLicenses: 0,
    });
    const w = await team(t, 'First admin');
    expect(await totalsOf(w.id)).toMatchObject({ members: 2, metaLicenses: 0 });
    await expectTotalsFresh('new teams');
  });

  it('follows members added, changed, removed (role None) and back, with their subscriptions', async () => {
    const w = await team(t, 'Members');
    const other = await team(t, 'Other members');
    const u = await createUser(t, { firstName: 'Sub', lastName: 'Scriber' });
    await subscribe(u.id, true);
    expectOk(await setMembership(w.id, u.id, 'User'));
    expect(await totalsOf(w.id)).toMatchObject({ members: 3, metaLicenses: 1 });
    expectOk(await setMembership(w.id, u.id, 'Admin'));
    await expectTotalsFresh('role changed');
    expectOk(await setMembership(w.id, u.id, 'None'));
    expect(await totalsOf(w.id)).toMatchObject({ members: 2, metaLicenses: 0 });
    // A subscription that ends while removed, and starts again: no member, no license.
    await subscribe(u.id, false);
    await subscribe(u.id, true);
    await expectTotalsFresh('removed member subscribed');
    expectOk(await setMembership(w.id, u.id, 'User'));
    expect(await totalsOf(w.id)).toMatchObject({ members: 3, metaLicenses: 1 });
    // In two teams: the subscription counts in both, and goes from both.
    await addMember(t, other.id, u.id, 'User');
    expect(await totalsOf(other.id)).toMatchObject({ members: 3, metaLicenses: 1 });
    await subscribe(u.id, false);
    expect(await totalsOf(w.id)).toMatchObject({ metaLicenses: 0 });
    expect(await totalsOf(other.id)).toMatchObject({ metaLicenses: 0 });
    // A write that changes nothing the totals count.
    await t.ctx.db
      .update(memberships)
      .set({ role: 'Admin', licenseType: 'License' })
      .where(eq(memberships.userId, u.id));
    await subscribe(u.id, false);
    await expectTotalsFresh('members');

    // By hand: several teams' memberships in one statement, a membership moved to another team,
    // and deleted in one statement.
    const many = await Promise.all([1, 2, 3].map(() => createUser(t)));
    await subscribe(many[0]!.id, true);
    await t.ctx.db.insert(memberships).values(
      many.flatMap((m, i) => [
        {
          organizationId: w.id,
          userId: m.id,
          role: 'User' as const,
          licenseType: 'Trial' as const,
        },
        {
          organizationId: other.id,
          userId: m.id,
          role: i === 2 ? ('None' as const) : ('User' as const),
          licenseType: 'Trial' as const,
        },
      ]),
    );
    await expectTotalsFresh('inserted in one statement');
    const third = await team(t, 'Third');
    await t.ctx.db
      .update(memberships)
      .set({ organizationId: third.id })
      .where(
        sql`${memberships.userId} = ${many[0]!.id} and ${memberships.organizationId} = ${w.id}`,
      );
    await expectTotalsFresh('moved');
    await t.ctx.db
      .delete(memberships)
      .where(sql`${memberships.userId} in ${many.map((m) => m.id)}`);
    await expectTotalsFresh('deleted in one statement');
  });

  it('counts files, not folders, as they are added and deleted, a folder with its contents', async () => {
    const w = await team(t, 'Files');
    const folder = await callEndpoint(t, filesApi.create, {
      params: { organizationId: w.id },
      body: { name: 'Folder', type: 'Folder', scope: 'Organization' },
      token: w.admin.session,
    });
    expectOk(folder);
    const inner = await addFolder(t, w.id, w.admin.id, 'Organization');
    await t.ctx.db
      .update(fileItems)
      .set({ parentId: folder.body.fileId })
      .where(eq(fileItems.id, inner));
    const file = await addFile(t, w.id, w.admin.id, 'Organization');
    await addFile(t, w.id, w.member.id, 'User');
    await addFile(t, w.id, w.admin.id, 'Organization', { parentId: folder.body.fileId });
    await addFile(t, w.id, w.admin.id, 'Organization', { parentId: inner });
    await addFile(t, w.id, w.admin.id, 'Organization', { parentId: inner });
    expect(await totalsOf(w.id)).toMatchObject({ files: 5 });
    await expectTotalsFresh('files added');

    expectOk(
      await callEndpoint(t, filesApi.remove, {
        params: { organizationId: w.id, fileItemId: file.id },
        token: w.admin.session,
      }),
      204,
    );
    expect(await totalsOf(w.id)).toMatchObject({ files: 4 });
    // The folder's contents go with it, two levels deep (the foreign key's cascade).
    expectOk(
      await callEndpoint(t, filesApi.remove, {
        params: { organizationId: w.id, fileItemId: folder.body.fileId },
        token: w.admin.session,
      }),
      204,
    );
    expect(await totalsOf(w.id)).toMatchObject({ files: 1 });
    await expectTotalsFresh('files deleted');

    // A guest's own file belongs to no team; an item made a folder, or moved, by hand.
    await t.ctx.db
      .insert(fileItems)
      .values({ ownerGuestEmail: 'guest@example.org', name: 'g.png', type: 2, scope: 3 });
    const [left] = await t.ctx.db
      .select({ id: fileItems.id })
      .from(fileItems)
      .where(eq(fileItems.organizationId, w.id));
    await t.ctx.db.update(fileItems).set({ type: 1 }).where(eq(fileItems.id, left!.id));
    await expectTotalsFresh('made a folder');
    await t.ctx.db.update(fileItems).set({ type: 2 }).where(eq(fileItems.id, left!.id));
    const other = await team(t, 'Files elsewhere');
    await t.ctx.db
      .update(fileItems)
      .set({ organizationId: other.id })
      .where(eq(fileItems.id, left!.id));
    expect(await totalsOf(other.id)).toMatchObject({ files: 1 });
    await expectTotalsFresh('moved to another team');
  });

  it("counts the team's rooms, not its templates nor a meeting's temporary rooms", async () => {
    const w = await team(t, 'Rooms');
    const room = await addRoom(t, w.id, w.admin);
    await addRoom(t, w.id, w.admin, { name: 'Second' });
    expect(await totalsOf(w.id)).toMatchObject({ rooms: 2 });
    const added = await addUncountedRooms(t, w.id, 'totals');
    const meeting = { id: added.meetingId };
    const template = { id: added.templateId };
    const temporary = { id: added.temporaryId };
    expect(await totalsOf(w.id)).toMatchObject({ rooms: 2 });
    await expectTotalsFresh('rooms added');

    // A temporary room kept by the team, a template made a room and back, by hand.
    await t.ctx.db.update(rooms).set({ meetingId: null }).where(eq(rooms.id, temporary!.id));
    await t.ctx.db.update(rooms).set({ isTemplate: false }).where(eq(rooms.id, template!.id));
    expect(await totalsOf(w.id)).toMatchObject({ rooms: 4 });
    await t.ctx.db.update(rooms).set({ isTemplate: true }).where(eq(rooms.id, template!.id));
    await t.ctx.db.update(rooms).set({ meetingId: meeting!.id }).where(eq(rooms.id, temporary!.id));
    await expectTotalsFresh('rooms changed');

    expectOk(
      await callEndpoint(t, roomsApi.remove, {
        params: { organizationId: w.id, roomId: room.id },
        token: w.admin.session,
      }),
      204,
    );
    expect(await totalsOf(w.id)).toMatchObject({ rooms: 1 });
    // The meeting's deletion takes its temporary room (a cascade): not counted, nothing changes.
    await t.ctx.db.delete(meetings).where(eq(meetings.id, meeting!.id));
    await t.ctx.db.delete(rooms).where(eq(rooms.id, template!.id));
    expect(await totalsOf(w.id)).toMatchObject({ rooms: 1 });
    await expectTotalsFresh('rooms deleted');
  });

  it("follows a user's deletion: their memberships, subscription, files and private rooms", async () => {
    const a = await team(t, 'Loses a member');
    const b = await team(t, 'Loses another');
    const u = await person(t, { firstName: 'Gone', lastName: 'Soon' });
    await addMember(t, a.id, u.id, 'User');
    await addMember(t, b.id, u.id, 'Admin');
    await subscribe(u.id, true);
    await addFile(t, a.id, u.id, 'User');
    await addFile(t, a.id, u.id, 'Organization');
    await addRoom(t, a.id, a.admin, { name: 'Team room' });
    await expectTotalsFresh('before');
    expect(await totalsOf(a.id)).toMatchObject({ members: 3, files: 2, metaLicenses: 1 });

    expectOk(
      await callEndpoint(t, adminApi.deleteUser, {
        params: { userId: u.id },
        token: root.session,
      }),
      204,
    );
    // Their personal file goes; the team's file stays.
    expect(await totalsOf(a.id)).toMatchObject({ members: 2, files: 1, metaLicenses: 0 });
    expect(await totalsOf(b.id)).toMatchObject({ members: 2, metaLicenses: 0 });
    await expectTotalsFresh('user deleted');

    // Deleted by hand, with a subscription, the memberships going by the cascade.
    const v = await createUser(t);
    await addMember(t, a.id, v.id, 'User');
    await addMember(t, b.id, v.id, 'User');
    await subscribe(v.id, true);
    await t.ctx.db.delete(users).where(eq(users.id, v.id));
    await expectTotalsFresh('user deleted by hand');
  });

  it("goes with its team's deletion, leaving the others' as they were", async () => {
    const w = await team(t, 'Doomed');
    const stays = await team(t, 'Stays');
    await addMember(t, stays.id, w.member.id, 'User');
    await subscribe(w.member.id, true);
    await addFile(t, w.id, w.admin.id, 'Organization');
    await addFolder(t, w.id, w.admin.id, 'Organization');
    await addRoom(t, w.id, w.admin);
    const before = await totalsOf(stays.id);
    expectOk(
      await callEndpoint(t, adminApi.deleteOrganization, {
        params: { organizationId: w.id },
        token: root.session,
      }),
      204,
    );
    expect(await totalsOf(w.id)).toBeUndefined();
    expect(await totalsOf(stays.id)).toEqual(before);
    await expectTotalsFresh('team deleted');

    // By hand: the team's row and everything under it go in one statement.
    const x = await team(t, 'Deleted by hand');
    await addFile(t, x.id, x.admin.id, 'Organization');
    await addRoom(t, x.id, x.admin);
    await t.ctx.db.delete(organizations).where(eq(organizations.id, x.id));
    expect(await totalsOf(x.id)).toBeUndefined();
    await expectTotalsFresh('team deleted by hand');
  });

  it('are filled by the migration for the teams from before it, which runs again as a no-op', async () => {
    const triggers: [string, string][] = [
      ['organizations', 'team_totals_new_team'],
      ['memberships', 'memberships_insert_team_totals'],
      ['memberships', 'memberships_delete_team_totals'],
      ['memberships', 'memberships_move_team_totals'],
      ['file_items', 'file_items_insert_team_totals'],
      ['rooms', 'rooms_insert_team_totals'],
      ['users', 'users_subscription_team_totals'],
    ];
    const switchTriggers = async (to: 'enable' | 'disable') => {
      for (const [table, trigger] of triggers)
        await t.ctx.db.execute(sql.raw(`alter table "${table}" ${to} trigger "${trigger}"`));
    };
    // Teams and changes as they stood before migration 0031: no totals, or totals left behind.
    await switchTriggers('disable');
    try {
      const w = await team(t, 'From before');
      await addFile(t, w.id, w.admin.id, 'Organization');
      await addRoom(t, w.id, w.admin);
      await subscribe(w.member.id, true);
      const older = await team(t, 'Older');
      await t.ctx.db
        .update(memberships)
        .set({ role: 'None' })
        .where(eq(memberships.userId, older.member.id));
      expect(await totalsOf(w.id)).toBeUndefined();
    } finally {
      await switchTriggers('enable');
    }
    expect(Object.fromEntries(await keptTotals())).not.toEqual(
      Object.fromEntries(await freshCounts()),
    );

    const migration = readFileSync(join(migrationsFolder(), '0031_team_totals.sql'), 'utf8');
    const run = () =>
      t.ctx.db.transaction(async (tx) => {
        for (const statement of migration.split('--> statement-breakpoint'))
          await tx.execute(sql.raw(statement));
      });
    await run();
    await expectTotalsFresh('migrated');
    await run();
    await expectTotalsFresh('migrated again');
    // The triggers run once each after a second run (not twice): a file counts one.
    const w = await team(t, 'After');
    await addFile(t, w.id, w.admin.id, 'Organization');
    expect(await totalsOf(w.id)).toMatchObject({ members: 2, files: 1 });
  });
});

// Two writers at once need PostgreSQL's connections; PGlite has one.
describe.skipIf(!process.env.TEST_PG_URL)('team_totals under concurrent writes', () => {
  /** Whether a statement of this database is waiting on a lock. */
  const someoneWaits = async () =>
    rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    )[0]!.n > 0;

  /**
   * `first` runs in a transaction left open while `second` runs; once `second` is done or waits
   * on a lock, `first` commits.
   */
  async function overlapping(first: (tx: Tx) => Promise<unknown>, second: () => Promise<unknown>) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let started!: () => void;
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const one = t.ctx.db.transaction(async (tx) => {
      await first(tx);
      started();
      await held;
    });
    await begun;
    let done = false;
    const two = second().then(() => {
      done = true;
    });
    while (!done && !(await someoneWaits())) await new Promise((r) => setImmediate(r));
    commit();
    await Promise.all([one, two]);
  }

  it("count a membership written while its user's subscription changes, whichever commits first", async () => {
    const w = await team(t, 'Concurrent');
    const u = await createUser(t);
    const v = await createUser(t);
    // team_seats' triggers (migration 0027) lock a joining member's user too: the totals must
    // hold without them.
    const seatTriggers = ['memberships_enter_team_seats', 'memberships_pass_to_team_seats'];
    const switchSeatTriggers = async (to: 'enable' | 'disable') => {
      for (const trigger of seatTriggers)
        await t.ctx.db.execute(sql.raw(`alter table memberships ${to} trigger "${trigger}"`));
    };
    await switchSeatTriggers('disable');
    try {
      await concurrentChanges(w.id, u.id, v.id);
    } finally {
      await switchSeatTriggers('enable');
    }
    expect(await totalsOf(w.id)).toMatchObject({ members: 3, metaLicenses: 1 });
  });

  async function concurrentChanges(team: string, u: string, v: string) {
    // The subscription first, the membership while it is uncommitted.
    await overlapping(
      (tx) => tx.update(users).set({ hasMetaSubscription: true }).where(eq(users.id, u)),
      () => addMember(t, team, u, 'User'),
    );
    await expectTotalsFresh('subscribed, then joined');
    // The membership first, the subscription while it is uncommitted.
    await overlapping(
      (tx) =>
        tx
          .insert(memberships)
          .values({ organizationId: team, userId: v, role: 'User', licenseType: 'Trial' }),
      () => subscribe(v, true),
    );
    await expectTotalsFresh('joined, then subscribed');
    expect(await totalsOf(team)).toMatchObject({ members: 4, metaLicenses: 2 });
    // A membership deleted while its user's subscription ends, uncommitted; and while one starts.
    await overlapping(
      (tx) => tx.update(users).set({ hasMetaSubscription: false }).where(eq(users.id, u)),
      () => t.ctx.db.delete(memberships).where(eq(memberships.userId, u)),
    );
    await expectTotalsFresh('subscription ended, then left');
    const { id: x } = await createUser(t);
    await addMember(t, team, x, 'User');
    await overlapping(
      (tx) => tx.update(users).set({ hasMetaSubscription: true }).where(eq(users.id, x)),
      () => t.ctx.db.delete(memberships).where(eq(memberships.userId, x)),
    );
    await expectTotalsFresh('subscription started, then left');
    // A member removed (role None) while their subscription ends.
    await overlapping(
      (tx) => tx.update(users).set({ hasMetaSubscription: false }).where(eq(users.id, v)),
      () => setMembership(team, v, 'None'),
    );
    await expectTotalsFresh('subscription ended, then removed');
    // Back (role User) while it starts again.
    await overlapping(
      (tx) => tx.update(users).set({ hasMetaSubscription: true }).where(eq(users.id, v)),
      () => setMembership(team, v, 'User'),
    );
    await expectTotalsFresh('subscription started, then back');
  }
});
