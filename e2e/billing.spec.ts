import { addToTeam, seedUser, signInApi } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';
import { acknowledge } from './support/superAdmin.ts';

/**
 * The billing journey of issue 11 §5 (part2 §2 Subscription screens, §4 Subscription order, §5,
 * §8; docs/billing.md) against the server's built-in Stripe-compatible simulator: a team admin
 * enters the billing details, orders 10 users monthly with a card that asks for 3-D Secure,
 * gets the licenses and the mail, upgrades to 12, schedules a downgrade to 8 yearly, changes the
 * card (the downgrade stays) and cancels the extension; a member of the team is only told to ask
 * an admin.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const completed =
  'The order has been processed. When payment is completed, the licenses can be assigned in the "Team" menu. You will receive an email when the licenses are available.';
const cancelQuestion = 'Are you sure you want to cancel the extension of the subscription?';
const contactAdmin = 'Contact an administrator of your team to purchase and manage licenses';
/** A billing date as the screens show it (part2 §9). */
const billingDate = /^\d{2}-\d{2}-\d{4}$/;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The overview's three cards. */
const cards = (page: Page) => ({
  billing: region(page, 'Billing'),
  subscription: region(page, 'Subscription'),
  payment: region(page, 'Payment method'),
});

/** dd-MM-yyyy → a Date at local midnight. */
function parseBillingDate(text: string) {
  const [d, m, y] = text.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** On the plan page: the number of users and the plan, then Next to the confirm page. */
async function choosePlan(page: Page, users: number, plan: 'Weekly' | 'Monthly' | 'Yearly') {
  await expect(page).toHaveURL(/\/team\/subscription\/plan$/);
  await field(page, 'Number of users').fill(String(users));
  await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${plan}`) })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/team\/subscription\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Finalize order' })).toBeVisible();
}

/** The 'Completed' modal after an order, then the overview behind it. */
async function expectCompleted(page: Page, shot?: string) {
  const dialog = page.getByRole('dialog', { name: 'Completed' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(completed);
  await expect(page).toHaveURL(/\/team\/subscription$/);
  if (shot) await screenshot(page, shot, { fullPage: false });
  await acknowledge(page, 'Completed', completed);
}

test.describe('billing', () => {
  test('an admin subscribes with 3-D Secure, upgrades, schedules a downgrade and cancels; a member is sent to an admin', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    test.setTimeout(240_000);
    const team = 'Orbit Studios';
    const admin = await seedUser(request, mailbox, {
      prefix: 'billing-admin',
      firstName: 'Katherine',
      lastName: 'Johnson',
      team,
      avatar: true,
    });
    const adminApi = await signInApi(request, admin);
    const member = await seedUser(request, mailbox, {
      prefix: 'billing-member',
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      avatar: true,
    });
    await addToTeam(request, adminApi, member);

    // ── The admin opens the subscription overview: nothing is set up yet. ──
    await logIn(page, admin.email, admin.password);
    await page.goto('/team/subscription');
    await expect(page).toHaveTitle(title('Subscription'));
    const header = region(page, 'Unlock Roomscale');
    await expect(header).toContainText('Buy licenses to remove the watermark');
    const signUp = header.getByRole('link', { name: 'Sign up now' });
    await expect(signUp).toBeVisible();
    const { billing, subscription, payment } = cards(page);
    await expect(billing).toContainText('No billing details have been setup for this team.');
    await expect(billing.getByRole('link', { name: 'Add billing details' })).toBeVisible();
    await expect(subscription).toContainText(
      'No license active yet. Your users can use Roomscale with a watermark.',
    );
    await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await expect(payment).toContainText('No payment method linked for billing.');
    await expect(payment.getByRole('button', { name: 'Change payment method' })).toHaveCount(0);
    await screenshot(page, 'billing-overview-empty');
    await expectAccessible(page, 'the empty subscription overview');

    // ── Sign up now: the billing details, with the defaults of a new customer. ──
    await signUp.click();
    await expect(page).toHaveURL(/\/team\/subscription\/customer$/);
    await expect(page).toHaveTitle(title('Billing details'));
    await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
    // The team is a business (industry Technology): it orders under its company name.
    await expect(page.getByRole('switch', { name: 'Ordering as a business' })).toBeChecked();
    await expect(field(page, 'Company name')).toHaveValue(`${team} Ltd`);
    await expect(field(page, 'Country')).toHaveValue('Netherlands');
    await expect(field(page, 'Invoice email')).toHaveValue(admin.email);
    await expectAccessible(page, 'the new billing details');

    await field(page, 'Address line 1').fill('Keizersgracht 123');
    await field(page, 'Postal code').fill('1015 CJ');
    await field(page, 'City').fill('Amsterdam');
    await field(page, 'Telephone').fill('+31 20 123 4567');
    // A VAT number that is not in the Dutch format is refused before anything is sent.
    await field(page, 'VAT number').fill('NL12345');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const vatError =
      'Enter a VAT number in the format of the selected country, e.g. NL123456789B01';
    await expect(page.getByText(vatError)).toBeVisible();
    await expect(field(page, 'VAT number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/team\/subscription\/customer$/);
    await screenshot(page, 'billing-customer-vat-error');

    await field(page, 'VAT number').fill('NL123456789B01');
    await expect(page.getByText(vatError)).toHaveCount(0);
    await screenshot(page, 'billing-customer-filled');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(toast(page, 'The data has been saved')).toBeVisible();

    // ── The plan: monthly by default, prices per user excl. VAT. ──
    await expect(page).toHaveURL(/\/team\/subscription\/plan$/);
    await expect(page).toHaveTitle(title('Choose a plan'));
    const users = field(page, 'Number of users');
    await users.fill('10');
    const weekly = page.getByRole('radio', { name: /^Weekly/ });
    const monthly = page.getByRole('radio', { name: /^Monthly/ });
    const yearly = page.getByRole('radio', { name: /^Yearly/ });
    await expect(monthly).toBeChecked();
    await expect(weekly).toContainText('€5.00 per user per week');
    await expect(weekly).toContainText('€50.00 per week');
    await expect(monthly).toContainText('€15.00 per user per month');
    await expect(monthly).toContainText('€150.00 per month');
    await expect(yearly).toContainText('€150.00 per user per year');
    await expect(yearly).toContainText('€1,500.00 per year');
    await expect(page.getByText('Prices excl. VAT')).toBeVisible();

    // From 50 users the sales team is suggested; below, the notice goes again.
    const contactSales = page
      .getByRole('status')
      .filter({ hasText: 'Contact our sales team for a quote' });
    await expect(contactSales).toHaveCount(0);
    await users.fill('50');
    await expect(contactSales).toBeVisible();
    await expect(monthly).toContainText('€750.00 per month');
    await screenshot(page, 'billing-plan-contact-sales');
    await users.fill('49');
    await expect(contactSales).toHaveCount(0);
    await users.fill('10');
    await expect(monthly).toContainText('€150.00 per month');
    await screenshot(page, 'billing-plan');
    await expectAccessible(page, 'the plan page');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // ── Confirm: the order, its estimate with Dutch VAT, and a new card. ──
    await expect(page).toHaveURL(/\/team\/subscription\/confirm$/);
    await expect(page).toHaveTitle(title('Finalize order'));
    const summary = region(page, 'Order summary');
    await expect(summary).toContainText('New subscription');
    await expect(summary).toContainText('Monthly');
    await expect(summary).toContainText('10');
    const estimate = region(page, 'Estimated price');
    await expect(estimate.getByText('€150.00')).toBeVisible();
    await expect(estimate.getByText('VAT 21%')).toBeVisible();
    await expect(estimate.getByText('€31.50')).toBeVisible();
    await expect(estimate.getByText('€181.50')).toBeVisible();
    // No saved card yet: a new one.
    await expect(page.getByRole('radio', { name: 'A new card' })).toBeChecked();

    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeDisabled();
    const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
    await field(page, 'Card number').fill('4000 0025 0000 3155');
    await field(page, 'Expiry (MM/YY)').fill(expiry);
    await expect(confirm).toBeDisabled();
    await field(page, 'CVC').fill('123');
    // The card is complete, but nobody's name is on it yet.
    await expect(confirm).toBeDisabled();
    await field(page, 'Name on card').fill('Katherine Johnson');
    await expect(confirm).toBeEnabled();
    // An incomplete card disables it again.
    await field(page, 'CVC').fill('12');
    await expect(confirm).toBeDisabled();
    await field(page, 'CVC').fill('123');
    await expect(confirm).toBeEnabled();
    await screenshot(page, 'billing-confirm');
    await expectAccessible(page, 'the confirm page');

    // ── The card asks for 3-D Secure: the simulator's bank page, then back. ──
    await confirm.click();
    await expect(page).toHaveURL(/\/billing-simulator\/authenticate\//);
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
    await expect(page.getByText('Test mode: this page stands in for your bank.')).toBeVisible();
    await screenshot(page, 'billing-3ds');
    await expectAccessible(page, "the simulator's 3-D Secure page");
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectCompleted(page, 'billing-completed');

    // ── The overview: the licenses, the subscription and the card. ──
    await expect(region(page, 'Manage your licenses')).toContainText('Your team has 10 licenses.');
    await expect(page.getByRole('link', { name: 'Sign up now' })).toHaveCount(0);
    await expect(subscription).toContainText('10 users, per month');
    const periodEndText = (await subscription.getByText(billingDate).first().textContent())?.trim();
    expect(periodEndText).toMatch(billingDate);
    const periodEnd = periodEndText!;
    // A month from today.
    const days = (parseBillingDate(periodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(26);
    expect(days).toBeLessThan(32);
    await expect(subscription).toContainText('Current period ends');
    await expect(subscription).toContainText('paid · €181.50');
    await expect(payment).toContainText('•••• 3155');
    await expect(payment).toContainText(`Expires 12/${new Date().getFullYear() + 3}`);
    await expect(payment.getByRole('button', { name: 'Change payment method' })).toBeVisible();
    await expect(billing).toContainText('Keizersgracht 123');
    await expect(billing).toContainText('1015 CJ Amsterdam');
    await expect(billing).toContainText('Netherlands');
    await expect(billing).toContainText('NL123456789B01');
    await expect(billing.getByRole('link', { name: 'Edit billing details' })).toBeVisible();
    // The invoice behind 'View invoice' is the simulator's hosted page, for the same amount.
    const invoiceUrl = await subscription
      .getByRole('link', { name: 'View invoice' })
      .getAttribute('href');
    expect(invoiceUrl).toBeTruthy();
    const invoice = await request.get(invoiceUrl!);
    expect(invoice.ok()).toBe(true);
    expect(await invoice.text()).toContain('€181.50');
    await screenshot(page, 'billing-overview-subscribed');
    await expectAccessible(page, 'the subscription overview with a subscription');

    // The admin is told the licenses are there.
    const available = await mailbox.waitFor(
      admin.email,
      `Your Roomscale licenses for ${team} are available`,
      { timeout: 30_000 },
    );
    expect(available.text).toContain('10 users');
    const ordered = await mailbox.waitFor(
      admin.email,
      `Your Roomscale order for ${team} has been processed`,
    );
    expect(ordered.text).toContain('10 users, billed per month');

    // ── The team's users page counts the 10 licenses. ──
    await page.goto('/team/users');
    const counters = region(page, 'Licenses');
    await expect(counters).toContainText('Licenses in use');
    await expect(counters).toContainText(/\d+ \/ 10/);
    await expect(counters).toContainText(/licenses? (is|are) free\./);
    await screenshot(page, 'billing-team-users');

    // ── Upgrade to 12 users, monthly: the saved card pays. ──
    await page.goto('/team/subscription');
    await subscription.getByRole('link', { name: 'Manage subscription' }).click();
    // The plan page starts from the running plan.
    await expect(field(page, 'Number of users')).toHaveValue('10');
    await expect(page.getByRole('radio', { name: /^Monthly/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Monthly/ })).toContainText('Current plan');
    // The same plan again would change nothing.
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await choosePlan(page, 12, 'Monthly');
    await expect(summary).toContainText('Upgrade');
    await expect(summary).toContainText('12');
    await expect(summary).toContainText('The change takes effect immediately');
    await expect(page.getByRole('radio', { name: /ending in 3155/ })).toBeChecked();
    // The rest of this month for 2 more users: at most their full month, with Dutch VAT.
    await expect(estimate.getByText('VAT 21%')).toBeVisible();
    const upgradeTotal = (await estimate.getByText(/^€/).last().textContent())!.trim();
    const totalCents = Math.round(Number(upgradeTotal.replace(/[€,]/g, '')) * 100);
    expect(totalCents).toBeGreaterThan(0);
    expect(totalCents).toBeLessThanOrEqual(3630);
    await expect(confirm).toBeEnabled();
    await screenshot(page, 'billing-confirm-upgrade');
    await confirm.click();
    await expectCompleted(page);
    await expect(subscription).toContainText('12 users, per month');
    await expect(region(page, 'Manage your licenses')).toContainText('Your team has 12 licenses.');
    // The period runs on; the upgrade's invoice is what the estimate said.
    await expect(subscription).toContainText(periodEnd);
    await expect(subscription).toContainText(`paid · ${upgradeTotal}`);

    // ── Downgrade to 8 users, yearly: fewer users, so it waits for the end of the term. ──
    await subscription.getByRole('link', { name: 'Manage subscription' }).click();
    await expect(field(page, 'Number of users')).toHaveValue('12');
    await choosePlan(page, 8, 'Yearly');
    await expect(summary).toContainText('Downgrade');
    await expect(summary).toContainText('Yearly');
    await expect(summary).toContainText(
      `The change takes effect at the end of the current term, on ${periodEnd}.`,
    );
    await expect(page.getByRole('radio', { name: /ending in 3155/ })).toBeChecked();
    await screenshot(page, 'billing-confirm-downgrade');
    await confirm.click();
    await expectCompleted(page);
    // Nothing changes before then; the overview says what comes.
    await expect(subscription).toContainText('12 users, per month');
    await expect(subscription).toContainText(`From ${periodEnd}: 8 users, per year.`);
    await screenshot(page, 'billing-overview-downgrade');

    // ── Change payment method: the card only; the scheduled downgrade stays (issue 24 §2). ──
    await payment.getByRole('button', { name: 'Change payment method' }).click();
    await expect(page).toHaveURL(/\/team\/subscription\/confirm$/);
    await expect(summary).toContainText('Payment method change');
    await expect(estimate).toContainText('€0.00');
    await expect(page.getByRole('radio', { name: 'A new card' })).toBeChecked();
    await field(page, 'Card number').fill('4242 4242 4242 4242');
    await field(page, 'Expiry (MM/YY)').fill(expiry);
    await field(page, 'CVC').fill('123');
    await field(page, 'Name on card').fill('Katherine Johnson');
    await expect(confirm).toBeEnabled();
    await screenshot(page, 'billing-confirm-payment-method');
    await confirm.click();
    await expectCompleted(page);
    await expect(payment).toContainText('•••• 4242');
    await expect(subscription).toContainText('12 users, per month');
    await expect(subscription).toContainText(`From ${periodEnd}: 8 users, per year.`);
    await expect(region(page, 'Manage your licenses')).toContainText('Your team has 12 licenses.');
    await screenshot(page, 'billing-overview-new-card');
    // The team's audit log names the change for what it is.
    await page.goto('/team/audit');
    const newest = page.getByRole('row').nth(1);
    await expect(newest).toContainText('Payment method changed');
    await expect(newest).toContainText('Card: Visa ending in 4242');
    await screenshot(page, 'billing-audit-payment-method');
    await page.goto('/team/subscription');
    await expect(subscription).toContainText(`From ${periodEnd}: 8 users, per year.`);

    // ── Cancel the extension. ──
    await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await expect(cancelDialog).toContainText(cancelQuestion);
    await screenshot(page, 'billing-cancel-confirm', { fullPage: false });
    await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(cancelDialog).toBeHidden();
    await expect(toast(page, 'The subscription will end at the end of its period.')).toBeVisible();
    await expect(subscription).toContainText(`The subscription ends on ${periodEnd}.`);
    await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    // The scheduled change is dropped with it.
    await expect(subscription).not.toContainText('8 users, per year');
    await expect(toast(page, 'The subscription will end')).toBeHidden();
    await screenshot(page, 'billing-overview-cancelled');
    await expectAccessible(page, 'the overview of a cancelled subscription');
    const cancelled = await mailbox.waitFor(
      admin.email,
      `The Roomscale subscription of ${team} has been cancelled`,
      { timeout: 30_000 },
    );
    expect(cancelled.text).toContain(periodEnd);

    // ── On a phone: the overview and the plan page fit the width. ──
    await page.setViewportSize(phone);
    await page.reload();
    await expect(subscription).toContainText('12 users, per month');
    await expectNoSidewaysScroll(page, 'the subscription overview');
    await screenshot(page, 'billing-overview-phone');
    await subscription.getByRole('link', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/team\/subscription\/plan$/);
    await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the plan page');
    await screenshot(page, 'billing-plan-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // ── A member is only told to ask an admin. ──
    const theirs = await browser.newContext({ baseURL });
    const memberPage = await theirs.newPage();
    await logIn(memberPage, member.email, member.password);
    await memberPage.goto('/team/subscription');
    await expect(memberPage.getByRole('heading', { name: contactAdmin })).toBeVisible();
    await expect(
      memberPage.getByText(
        'After assigning purchasing licenses a team admin can assign your license to remove the watermark.',
      ),
    ).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'Team members' })).toBeVisible();
    for (const name of ['Billing', 'Subscription', 'Payment method', 'Manage your licenses']) {
      await expect(region(memberPage, name)).toHaveCount(0);
    }
    await screenshot(memberPage, 'billing-member');
    await expectAccessible(memberPage, 'the member subscription notice');
    // The ordering pages are the admins'.
    await memberPage.goto('/team/subscription/plan');
    await expect(memberPage.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await theirs.close();
  });
});
