import { type LicenseType, type LicensingSummary, serverMessages } from '@roomscale/shared';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../platform/http/problem.ts';
import { licensingSummary } from './accounting.ts';

/**
 * Who holds which license in a team (part1 §3, §7):
 * - manual licenses are the super admins' to give, change and take back (the routes declare
 *   `superAdmin`);
 * - a member gets a License only while the team has a free one: an admin's change is refused,
 *   an accepted invitation for a License joins on Trial instead;
 * - a user's own subscription (the manual user license or a headset-store one) counts as a
 *   License in every team they are an active member of, without using one of the team's; an
 *   active member's headset-store subscription adds one to the team's count (accounting.ts);
 * - the team's admins hear about its licenses (`teamAdmins`, reconcile.ts).
 */

/** The team has a License left to give. */
export const hasFreeLicense = (s: Pick<LicensingSummary, 'licenseCount' | 'licensesInUse'>) =>
  s.licensesInUse < s.licenseCount;

/**
 * A License can be given only while a free one is left. Call it after `lockTeam`, in the
 * transaction that gives the License, so two admins cannot both take the last one.
 */
export async function assertFreeLicense(
  db: DbOrTx,
  organizationId: string,
  now: Date,
  message: string = serverMessages.licenseLimitReached,
) {
  if (!hasFreeLicense(await licensingSummary(db, organizationId, now)))
    throw fieldError('licenseType', message);
}

/**
 * The license type a user sees for a team (the VR app's watermark, the trial notice, routes that
 * need a license): a user's own subscription — the manual user license or a headset-store one —
 * counts as a License in every team they belong to, without using one of the team's.
 */
export const effectiveLicenseType = (teamLicense: LicenseType, ownSubscription: boolean) =>
  ownSubscription && teamLicense !== 'None' ? 'License' : teamLicense;
