import { adminMessages } from '@roomscale/shared';
import { adminApi } from '@roomscale/shared/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { person, team } from '../../test/workspace.ts';
import { providerCustomer } from '../billing/testing.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';

/**
 * One payment customer, one team, when two saves race on PostgreSQL's pool: each save locks only
 * its own team, so the check read before the write cannot see the other; the unique index does.
 */
describe.skipIf(!process.env.TEST_PG_URL)('concurrent admin saves on PostgreSQL', () => {
  let t: LiveApp;
  beforeAll(async () => {
    t = await startLiveApp();
  });
  afterAll(() => t.close());

  it('two teams given the same payment customer at once: one keeps it', async () => {
    const root = await person(t, { superAdmin: true });
    for (let round = 0; round < 12; round++) {
      const [a, b] = [await team(t, 'A'), await team(t, 'B')];
      const customerId = await providerCustomer(t, `Race ${round}`);
      const save = (id: string) =>
        callEndpoint(t, adminApi.editOrganization, {
          params: { organizationId: id },
          token: root.session,
          body: {
            name: 'Raced',
            companyName: 'Acme',
            industry: 'Media',
            selfManaged: true,
            customerId,
          },
        });
      const answers = await Promise.all([save(a.id), save(b.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.status === 400)!.problem.errors?.customerId).toContain(
        adminMessages.customerInUse,
      );
      const [holders] = await t.ctx.db
        .select({ n: count() })
        .from(organizations)
        .where(eq(organizations.paymentCustomerId, customerId));
      expect(holders?.n).toBe(1);
    }
  });
});
