import { accountMailTexts, ssoLimits } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, ssoCertificateWarnings } from '../../db/schema.ts';
import { enqueueJob, type Job } from '../../platform/jobs/runner.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { teamAdmins } from '../licenses/reconcile.ts';
import { providerById } from './providers.ts';
import type { Provider } from './serviceProvider.ts';

/** The job that mails a team's admins before its identity provider's certificate runs out. */
export const SSO_CERTIFICATE_EXPIRY = 'sso.certificateExpiry';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When single sign-on stops: the end of the later of the team's certificates (either signs
 * people in). While a next certificate holds beyond the current one's end, the current one is
 * not "the only valid certificate", so nobody is warned about it.
 */
export function lastValidTo(provider: Provider): Date {
  const next = provider.nextCertificateValidTo;
  return next && next > provider.certificateValidTo ? next : provider.certificateValidTo;
}

/**
 * Queues the warnings for the provider as just saved, in the saving transaction: one job 30 and
 * one 7 days before its last certificate ends (at once when that moment has passed; the 30-day
 * one not at all when 7 days or less are left, since the 7-day one says it). A save that changes
 * nothing queues jobs that find the warning already sent; an old job for an end that no longer
 * holds finds its end superseded and sends nothing.
 */
export async function scheduleExpiryWarnings(tx: DbOrTx, provider: Provider, now: Date) {
  const validTo = lastValidTo(provider);
  const left = validTo.getTime() - now.getTime();
  if (left <= 0) return;
  for (const days of ssoLimits.certificateWarningDays) {
    if (days === 30 && left <= 7 * DAY_MS) continue;
    const at = new Date(Math.max(validTo.getTime() - days * DAY_MS, now.getTime()));
    await enqueueJob(
      tx,
      SSO_CERTIFICATE_EXPIRY,
      { providerId: provider.id, validTo: validTo.toISOString(), days },
      at,
    );
  }
}

/**
 * `sso.certificateExpiry`: mails the team's admins that single sign-on stops on a date, once per
 * provider, certificate end and days ahead (recorded in `sso_certificate_warnings` in the
 * transaction that queues the mails). Nothing when the provider is gone or its last certificate
 * now ends at another moment (a new one was saved).
 */
export function certificateExpiryHandler(ctx: AppContext) {
  return async (job: Job) => {
    const providerId = String(job.payload.providerId);
    const validTo = new Date(String(job.payload.validTo));
    const days = Number(job.payload.days);
    await ctx.db.transaction(async (tx) => {
      const provider = await providerById(tx, providerId);
      if (!provider || lastValidTo(provider).getTime() !== validTo.getTime()) return;
      const now = ctx.clock.now();
      if (validTo <= now) return;
      const [recorded] = await tx
        .insert(ssoCertificateWarnings)
        .values({ providerId, validTo, daysAhead: days, sent: now })
        .onConflictDoNothing()
        .returning();
      if (!recorded) return;
      const [team] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, provider.organizationId));
      if (!team) return;
      for (const admin of await teamAdmins(tx, provider.organizationId)) {
        await enqueueMail(ctx, tx, certificateExpiryEmail(ctx.config, admin, team.name, validTo));
      }
    });
  };
}

/** The identity provider's certificate of the team runs out soon, and no other one follows. */
export function certificateExpiryEmail(
  config: Config,
  admin: { email: string; firstName: string },
  teamName: string,
  validTo: Date,
): Mail {
  const day = validTo.toISOString().slice(0, 10);
  const m = accountMailTexts.certificateExpiry;
  return {
    to: admin.email,
    subject: m.subject(teamName, day),
    ...actionEmail({
      greeting: `Hello ${admin.firstName},`,
      paragraphs: m.paragraphs(teamName, day),
      action: { label: m.action, url: `${config.publicUrl}/team/sso` },
    }),
  };
}
