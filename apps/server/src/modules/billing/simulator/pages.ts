import { billingTexts, formatBillingDate, formatEuros } from '@roomscale/shared';
import { escapeHtml } from '../../../platform/mail/layout.ts';
import type { Invoice } from './types.ts';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - Roomscale</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529;margin:0;padding:48px 16px}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:32px}
h1{font-size:22px;margin:0 0 16px}p{line-height:1.5}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button{font:inherit;border:0;border-radius:4px;padding:10px 18px;cursor:pointer}
.ok{background:#1971c2;color:#fff}.fail{background:#fff;color:#c92a2a;border:1px solid #c92a2a}
button:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
table{width:100%;border-collapse:collapse;margin-top:16px}td,th{text-align:left;padding:8px 4px;border-bottom:1px solid #e9ecef}
td.amount,th.amount{text-align:right}.badge{display:inline-block;padding:2px 8px;border-radius:12px;background:#e7f5ff;color:#1864ab;font-size:13px}
.muted{color:#868e96;font-size:14px}
</style></head><body><main>${body}</main></body></html>`;

/** The simulated bank's 3-D Secure page: approve or fail, then back to the dashboard. */
export function authenticationPage(opts: {
  intentId: string;
  amount: number | null;
  returnUrl: string;
}) {
  const t = billingTexts.simulator;
  const text = opts.amount === null ? t.authSetupText : t.authText(formatEuros(opts.amount));
  const action = `/billing-simulator/authenticate/${encodeURIComponent(opts.intentId)}`;
  const form = (decision: 'approve' | 'fail', label: string, cls: string) =>
    `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="return_url" value="${escapeHtml(opts.returnUrl)}">
<input type="hidden" name="decision" value="${decision}">
<button type="submit" class="${cls}">${escapeHtml(label)}</button></form>`;
  return page(
    t.authTitle,
    `<h1>${escapeHtml(t.authTitle)}</h1><p>${escapeHtml(text)}</p>
<div class="actions">${form('approve', t.approve, 'ok')}${form('fail', t.fail, 'fail')}</div>`,
  );
}

/** A time in Stripe's seconds as billing dates show (part2 §9). */
const day = (seconds: number) => formatBillingDate(new Date(seconds * 1000));

/** The invoice, as the simulator's hosted invoice page. */
export function invoicePage(invoice: Invoice) {
  const status = billingTexts.invoiceStatus[invoice.status];
  const rows = invoice.lines.data
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}<div class="muted">${day(l.period.start)} – ${day(l.period.end)}</div></td><td class="amount">${escapeHtml(formatEuros(l.amount))}</td></tr>`,
    )
    .join('');
  const tax = invoice.total_taxes.reduce((sum, t) => sum + t.amount, 0);
  const title = billingTexts.simulator.invoiceTitle(invoice.number ?? invoice.id);
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p><span class="badge">${escapeHtml(status)}</span></p>
<p>${escapeHtml(invoice.customer_name ?? '')}<br>${escapeHtml(invoice.customer_email ?? '')}</p>
<p class="muted">Issued ${day(invoice.created)} · Roomscale, the Netherlands</p>
<table><thead><tr><th>Description</th><th class="amount">Amount</th></tr></thead><tbody>${rows}
<tr><td>Subtotal</td><td class="amount">${escapeHtml(formatEuros(invoice.subtotal))}</td></tr>
<tr><td>VAT (${invoice._taxRate}%)${invoice._taxRate === 0 && invoice.total_taxes[0]?.taxability_reason === 'reverse_charge' ? ' — reverse charge' : ''}</td><td class="amount">${escapeHtml(formatEuros(tax))}</td></tr>
<tr><th>Total</th><th class="amount">${escapeHtml(formatEuros(invoice.total))}</th></tr>
<tr><td>Amount due</td><td class="amount">${escapeHtml(formatEuros(invoice.amount_due))}</td></tr>
</tbody></table>`,
  );
}
