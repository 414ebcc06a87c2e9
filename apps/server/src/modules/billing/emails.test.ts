import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { orderCompletedEmail, upcomingRenewalEmail } from './emails.ts';
import { invoicePage } from './simulator/pages.ts';
import type { Invoice } from './simulator/types.ts';

/**
 * Billing dates read dd-MM-yyyy on the UTC calendar (part2 §9), in the emails and on the
 * simulator's invoice page alike; billing.test.ts compares whole subjects with the same helper.
 */
describe('billing dates', () => {
  const config = { publicUrl: 'https://roomscale.test' } as Config;
  const to = { email: 'admin@acme.test', firstName: 'Ada' };
  // 23:30 UTC on the 5th of January: the 6th in the Netherlands, still the 5th in UTC.
  const lateOnTheFifth = new Date(Date.UTC(2027, 0, 5, 23, 30));

  it('an email writes the day, the month and the year with two, two and four digits', () => {
    const renewal = upcomingRenewalEmail(config, to, 'Acme', {
      at: lateOnTheFifth,
      amount: 1815,
      quantity: 1,
      interval: 'month',
    });
    expect(renewal.subject).toBe('The Roomscale subscription of Acme renews on 05-01-2027');
    const downgrade = orderCompletedEmail(config, to, 'Acme', {
      type: 'Downgrade',
      quantity: 2,
      interval: 'week',
      effective: new Date(Date.UTC(2026, 10, 30)),
    });
    expect(downgrade.text).toContain('on 30-11-2026.');
  });

  it('the simulator’s invoice page shows the period and the issue date the same way', () => {
    const start = Math.floor(lateOnTheFifth.getTime() / 1000);
    const end = Math.floor(Date.UTC(2027, 1, 5, 23, 30) / 1000);
    const invoice = {
      id: 'in_x',
      number: 'ACME-0001',
      status: 'paid',
      customer_name: 'Acme',
      customer_email: 'billing@acme.test',
      created: start,
      lines: {
        data: [{ description: '1 × Roomscale', amount: 1500, period: { start, end } }],
      },
      subtotal: 1500,
      total: 1815,
      amount_due: 1815,
      total_taxes: [{ amount: 315, taxability_reason: null }],
      _taxRate: 21,
    } as unknown as Invoice;
    const page = invoicePage(invoice);
    expect(page).toContain('05-01-2027 – 05-02-2027');
    expect(page).toContain('Issued 05-01-2027');
  });
});
