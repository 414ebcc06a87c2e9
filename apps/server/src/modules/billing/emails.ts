import { billingTexts, formatBillingDate, formatEuros, type PlanInterval } from '@roomscale/shared';
import type { Config } from '../../config.ts';
import { actionEmail } from '../../platform/mail/layout.ts';
import type { Mail } from '../../platform/mail/mailer.ts';

type Recipient = { email: string; firstName: string };

const overview = (config: Config) => `${config.publicUrl}/team/subscription`;
const users = (n: number) => (n === 1 ? '1 user' : `${n} users`);
const per = (interval: PlanInterval) => billingTexts.plan.per[interval];

const mail = (
  to: Recipient,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): Mail => ({
  to: to.email,
  subject,
  ...actionEmail({ greeting: `Hello ${to.firstName},`, paragraphs, action }),
});

/** To the admin who ordered: the order is in; licenses follow when the payment is complete. */
export function orderCompletedEmail(
  config: Config,
  to: Recipient,
  team: string,
  order: { type: string; quantity: number; interval: PlanInterval; effective: Date | null },
): Mail {
  const when =
    order.effective && order.type === 'Downgrade'
      ? `It takes effect at the end of the current term, on ${formatBillingDate(order.effective)}.`
      : 'It takes effect now.';
  return mail(
    to,
    `Your Roomscale order for ${team} has been processed`,
    [
      `Your order for ${team} has been processed: ${users(order.quantity)}, billed per ${per(order.interval)}. ${when}`,
      'When the payment is completed, the licenses can be assigned in the "Team" menu. You will receive an email when the licenses are available.',
    ],
    { label: 'View subscription', url: overview(config) },
  );
}

/** To the team's admins: a paid invoice brought licenses. */
export function paidLicensesAvailableEmail(
  config: Config,
  to: Recipient,
  team: string,
  quantity: number,
): Mail {
  return mail(
    to,
    `Your Roomscale licenses for ${team} are available`,
    [
      `The payment for ${team} is complete: the team has licenses for ${users(quantity)}.`,
      'You can assign the licenses to your team members now: a member with a license uses Roomscale without the VR watermark.',
    ],
    { label: 'Assign licenses', url: `${config.publicUrl}/team/users` },
  );
}

/** To the team's admins: a payment failed; the licenses stay for the grace period. */
export function paymentFailedEmail(
  config: Config,
  to: Recipient,
  team: string,
  invoice: { amount: number; graceEnds: Date | null },
): Mail {
  return mail(
    to,
    `The payment for ${team}'s Roomscale subscription failed`,
    [
      `We could not collect ${formatEuros(invoice.amount)} for the Roomscale subscription of ${team}.`,
      invoice.graceEnds
        ? `Change the payment method before ${formatBillingDate(invoice.graceEnds)} to keep your team's licenses; the payment is then retried with the new card.`
        : 'Change the payment method to complete the order.',
    ],
    { label: 'Change payment method', url: overview(config) },
  );
}

/** To the team's admins: the subscription will not renew. */
export function subscriptionCancelledEmail(
  config: Config,
  to: Recipient,
  team: string,
  endsAt: Date,
): Mail {
  return mail(
    to,
    `The Roomscale subscription of ${team} has been cancelled`,
    [
      `The subscription of ${team} has been cancelled and will not renew. Its licenses remain until ${formatBillingDate(endsAt)}.`,
      'You can take out a new subscription at any time.',
    ],
    { label: 'View subscription', url: overview(config) },
  );
}

/** To the team's admins: the subscription renews soon. */
export function upcomingRenewalEmail(
  config: Config,
  to: Recipient,
  team: string,
  renewal: { at: Date; amount: number; quantity: number; interval: PlanInterval },
): Mail {
  return mail(
    to,
    `The Roomscale subscription of ${team} renews on ${formatBillingDate(renewal.at)}`,
    [
      `On ${formatBillingDate(renewal.at)} the subscription of ${team} renews for ${users(renewal.quantity)}, per ${per(renewal.interval)}: ${formatEuros(renewal.amount)} including VAT will be charged to the payment method on file.`,
      'To change the number of users, the plan or the card, or to cancel, open the subscription page.',
    ],
    { label: 'Manage subscription', url: overview(config) },
  );
}
