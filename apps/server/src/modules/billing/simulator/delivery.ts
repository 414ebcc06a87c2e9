import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { billingSimObjects } from '../../../db/schema.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import type { Injector } from '../driver.ts';
import { WEBHOOK_PATH } from '../webhookPath.ts';

/**
 * Delivers one simulator event to the webhook endpoint as Stripe does: the JSON body signed
 * with the endpoint's secret in `Stripe-Signature`. A refusal fails the job, which the queue
 * retries with backoff.
 */
export function simulatorWebhookHandler(ctx: AppContext, inject: () => Injector) {
  return async (job: Job) => {
    const [row] = await ctx.db
      .select({ data: billingSimObjects.data })
      .from(billingSimObjects)
      .where(eq(billingSimObjects.id, String(job.payload.eventId)));
    if (!row) return;
    const { billing } = ctx;
    const payload = JSON.stringify(row.data);
    const signature = billing.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: billing.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const res = await inject()({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (res.statusCode >= 300)
      throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
}
