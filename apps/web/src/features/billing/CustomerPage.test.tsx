// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBrowser, signedInBrowser, stubFonts, teamFixture } from '../../test/harness.tsx';
import { customerFixture } from './testing.ts';
import { adminTeam, billingServer, callsTo, me, problem, renderAt, signIn } from './testServer.tsx';

const customerPath = `/api/StripeCustomers/${adminTeam.id}`;
const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const business = () => screen.getByRole('switch', { name: 'Ordering as a business' });

/** Fills the required fields of a new customer with valid values. */
function fillAddress() {
  type(/^Address line 1/, 'Keizersgracht 1');
  type(/^Postal code/, '1015 AA');
  type(/^City/, 'Amsterdam');
  type(/^Telephone/, '+31 20 123 4567');
}

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  await signIn();
});
afterEach(() => {
  act(() => notifications.clean());
  resetBrowser();
});

describe('the billing details form', () => {
  it('starts a new customer with NL and my email, and goes on to the plan', async () => {
    const { calls } = billingServer({ customer: null });
    const router = renderAt('/team/subscription/customer');
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeVisible();
    // A team that is not a consumer orders as a business, under its company name.
    expect(business()).toBeChecked();
    expect(field(/^Company name/)).toHaveValue('Acme');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Netherlands');
    expect(field(/^Invoice email/)).toHaveValue(me.email);
    fillAddress();
    type(/^VAT number/, 'NL 1234.567.89 B01');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/plan'));
    expect(callsTo(calls, 'POST', customerPath).map((c) => c.body)).toEqual([
      {
        isBusiness: true,
        fullName: 'Acme',
        addressLine1: 'Keizersgracht 1',
        addressLine2: '',
        addressPostalCode: '1015 AA',
        addressCity: 'Amsterdam',
        addressState: '',
        addressCountry: 'NL',
        invoiceEmail: me.email,
        phone: '+31 20 123 4567',
        taxId: 'NL 1234.567.89 B01',
      },
    ]);
    expect(await screen.findByText('The data has been saved')).toBeVisible();
  });

  it('names a consumer by name and asks no VAT number', async () => {
    await signIn(teamFixture({ role: 'Admin', industry: 'None (Consumer)', companyName: null }));
    billingServer({ customer: null });
    renderAt('/team/subscription/customer');
    await screen.findByRole('heading', { name: 'Billing details' });
    expect(business()).not.toBeChecked();
    expect(field(/^Name/)).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: /^VAT number/ })).toBeNull();
  });

  it('shows the rules of each field under it and sends nothing', async () => {
    const { calls } = billingServer({ customer: null });
    renderAt('/team/subscription/customer');
    await screen.findByRole('heading', { name: 'Billing details' });
    type(/^Company name/, 'A');
    expect(await screen.findByText('Must be at least 2 characters')).toBeVisible();
    type(/^Invoice email/, 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    type(/^Telephone/, 'call me');
    expect(await screen.findByText('Enter a valid telephone number')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(callsTo(calls, 'POST', customerPath)).toEqual([]);
  });

  it("checks the VAT number against the country's format", async () => {
    const { calls } = billingServer({ customer: null });
    renderAt('/team/subscription/customer');
    await screen.findByRole('heading', { name: 'Billing details' });
    fillAddress();
    type(/^VAT number/, 'DE123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Enter a VAT number in the format of the selected country, e.g. NL123456789B01',
      ),
    ).toBeVisible();
    expect(callsTo(calls, 'POST', customerPath)).toEqual([]);
  });

  it('clears the VAT number when switching to a consumer, and renames the name field', async () => {
    const { calls } = billingServer({ customer: customerFixture() });
    const router = renderAt('/team/subscription/customer');
    expect(await screen.findByRole('textbox', { name: /^VAT number/ })).toHaveValue(
      'NL123456789B01',
    );
    expect(field(/^Company name/)).toHaveValue('Acme BV');
    fireEvent.click(business());
    expect(screen.queryByRole('textbox', { name: /^VAT number/ })).toBeNull();
    expect(field(/^Name/)).toHaveValue('Acme BV');
    type(/^Name/, 'Ada Lovelace');
    // Back to a business: the number is gone, not hidden.
    fireEvent.click(business());
    expect(field(/^VAT number/)).toHaveValue('');
    fireEvent.click(business());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // An existing customer goes back to the overview.
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription'));
    expect(callsTo(calls, 'POST', customerPath).map((c) => c.body)).toEqual([
      expect.objectContaining({ isBusiness: false, fullName: 'Ada Lovelace', taxId: '' }),
    ]);
  });

  it('chooses the country from a searchable list of English names', async () => {
    const { calls } = billingServer({ customer: customerFixture() });
    renderAt('/team/subscription/customer');
    const country = await screen.findByRole('combobox', { name: /^Country/ });
    expect(country).toHaveValue('Netherlands');
    // Typing happens in the focused box (Mantine ignores writes to an unfocused one).
    act(() => country.focus());
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'Germ' } });
    expect(screen.queryByRole('option', { name: 'France' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(country).toHaveValue('Germany');
    type(/^VAT number/, 'DE123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', customerPath)).toHaveLength(1));
    expect(callsTo(calls, 'POST', customerPath)[0]?.body).toMatchObject({
      addressCountry: 'DE',
      taxId: 'DE123456789',
    });
  });

  it("puts the server's field messages under the fields and keeps what was typed", async () => {
    billingServer({ customer: customerFixture() }, (c) =>
      c.method === 'POST'
        ? problem(400, 'Validation failed', { addressPostalCode: ['Unknown postal code'] })
        : undefined,
    );
    const router = renderAt('/team/subscription/customer');
    await screen.findByRole('heading', { name: 'Billing details' });
    type(/^City/, 'Utrecht');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown postal code')).toBeVisible();
    expect(field(/^City/)).toHaveValue('Utrecht');
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    expect(router.state.location.pathname).toBe('/team/subscription/customer');
  });

  it("says 'An error has occurred: {message}' for other failures", async () => {
    billingServer({ customer: customerFixture() }, (c) =>
      c.method === 'POST'
        ? problem(
            403,
            "This team's subscription is managed by your account manager. Contact the sales team to change it.",
          )
        : undefined,
    );
    renderAt('/team/subscription/customer');
    await screen.findByRole('heading', { name: 'Billing details' });
    type(/^City/, 'Utrecht');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText(
        "An error has occurred: This team's subscription is managed by your account manager. Contact the sales team to change it.",
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(field(/^City/)).toHaveValue('Utrecht');
  });
});
