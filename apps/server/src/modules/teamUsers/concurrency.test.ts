import { fileMessages, teamUserMessages } from '@roomscale/shared';
import { teamUsersApi } from '@roomscale/shared/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileItems, manualLicenses, memberships } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { addMember, person, team } from '../../test/workspace.ts';
import { fileApi, PNG } from '../files/testing.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';

/**
 * Invariants the database keeps when requests race: each case fires the conflicting requests at
 * once, many rounds over, on PostgreSQL's connection pool (PGlite runs one statement at a time,
 * so it cannot race). Without the row and advisory locks these fail within a few rounds.
 */
describe.skipIf(!process.env.TEST_PG_URL)('concurrent requests on PostgreSQL', () => {
  let t: LiveApp;
  beforeAll(async () => {
    t = await startLiveApp();
  });
  afterAll(() => t.close());
  const rounds = 12;

  /** A team with two admins, each about to act on the other. */
  async function twoAdmins() {
    const w = await team(t);
    const second = await person(t);
    await addMember(t, w.id, second.id, 'Admin');
    return { w, second };
  }
  const adminsOf = async (teamId: string) => {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.organizationId, teamId), eq(memberships.role, 'Admin')));
    return row?.n;
  };

  it('two admins demoting each other at once leave the team one admin', async () => {
    for (let round = 0; round < rounds; round++) {
      const { w, second } = await twoAdmins();
      const demote = (by: typeof second, userId: string) =>
        callEndpoint(t, teamUsersApi.edit, {
          params: { organizationId: w.id, userId },
          token: by.session,
          body: { role: 'User' },
        });
      const answers = await Promise.all([demote(w.admin, second.id), demote(second, w.admin.id)]);
      expect(await adminsOf(w.id)).toBe(1);
      // One demotion went through; the other was refused with the last-admin message, or — when
      // its caller had just been demoted — by the access rule (403).
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      const refused = answers.find((a) => a.status === 400);
      if (refused) expect(refused.raw.body).toContain(teamUserMessages.lastAdmin);
    }
  });

  it('two admins removing each other at once leave the team one admin', async () => {
    for (let round = 0; round < rounds; round++) {
      const { w, second } = await twoAdmins();
      const remove = (by: typeof second, userId: string) =>
        callEndpoint(t, teamUsersApi.remove, {
          params: { organizationId: w.id, userId },
          token: by.session,
        });
      await Promise.all([remove(w.admin, second.id), remove(second, w.admin.id)]);
      expect(await adminsOf(w.id)).toBe(1);
    }
  });

  it('one upload becomes one file item, however many requests name it at once', async () => {
    const files = fileApi(() => t);
    const w = await team(t);
    for (let round = 0; round < rounds; round++) {
      const blobUri = await files.upload(w.id, w.member, PNG, 'image/png');
      const answers = await Promise.all(
        [1, 2, 3].map((n) =>
          files.create(w.id, w.member, { name: `Picture ${n}.png`, type: 'Image', blobUri }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      for (const refused of answers.filter((a) => a.statusCode === 400))
        expect(refused.body).toContain(fileMessages.uploadInUse);
      const key = t.ctx.storage.keyFromBlobUri(blobUri)!;
      const [holders] = await t.ctx.db
        .select({ n: count() })
        .from(fileItems)
        .where(eq(fileItems.blobKey, key));
      expect(holders?.n).toBe(1);
    }
  });

  it('two admins giving the last free license at once give it once', async () => {
    for (let round = 0; round < rounds; round++) {
      const { w, second } = await twoAdmins();
      const other = await person(t);
      await addMember(t, w.id, other.id, 'User');
      const now = t.clock.now().getTime();
      await t.ctx.db.insert(manualLicenses).values({
        organizationId: w.id,
        description: 'One seat',
        userAmount: 1,
        startsAt: new Date(now - 3600_000),
        endsAt: new Date(now + 3600_000),
      });
      const give = (by: typeof second, userId: string) =>
        callEndpoint(t, teamUsersApi.edit, {
          params: { organizationId: w.id, userId },
          token: by.session,
          body: { licenseType: 'License' },
        });
      const answers = await Promise.all([give(w.admin, w.member.id), give(second, other.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.status === 400)!.raw.body).toContain(
        teamUserMessages.noFreeLicense,
      );
      const [holders] = await t.ctx.db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.organizationId, w.id), eq(memberships.licenseType, 'License')));
      expect(holders?.n).toBe(1);
    }
  });
});
