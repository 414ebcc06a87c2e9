// @vitest-environment happy-dom
import type { ManualLicense, Problem } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/harness.tsx';
import { signedInAdminBrowser } from '../testing.ts';
import { AdminTeamEditPage } from './AdminTeamEditPage.tsx';
import { licenseFixture, renderRoute, teamFixture, teamId } from './testing.tsx';

/** 10 July 2025, 9:00 local time: a new license runs until 17 July, 9:00. */
const now = new Date(2025, 6, 10, 9, 0, 0);
const local = (d: number, h = 9, m = 0) => new Date(2025, 6, d, h, m, 0).toISOString();

type Reply = { status?: number; body?: unknown };

function server(licenses: ManualLicense[] = [], answer?: (method: string, body: unknown) => Reply) {
  return mockApi((method, url, body) => {
    if (url.pathname === `/api/Admin/Organizations/${teamId}`) {
      return { body: teamFixture({ licenses }) };
    }
    if (url.pathname.startsWith('/api/Admin/ManualLicenses')) {
      const own = answer?.(method, body);
      if (own) return own;
      const b = body as Pick<ManualLicense, 'description' | 'start' | 'end' | 'userAmount'>;
      return { body: licenseFixture({ ...b }) };
    }
    if (url.pathname === '/api/Users/Me/Organizations') return { body: [] };
    return { status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404 } };
  });
}

const sent = (fetch: ReturnType<typeof mockApi>, method: string) =>
  fetch.mock.calls
    .filter(
      ([u, init]) => init?.method === method && String(u).startsWith('/api/Admin/ManualLicenses'),
    )
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

function open() {
  renderRoute(
    '/admin/organizations/:organizationId',
    `/admin/organizations/${teamId}`,
    <AdminTeamEditPage />,
  );
}

async function openNew() {
  open();
  fireEvent.click(await screen.findByRole('button', { name: 'Add license' }));
  return screen.findByRole('dialog', { name: 'Add license' });
}

/** Picks a day of July 2025 in the date-time picker labelled `label`, keeping its time. */
async function pickDay(dialog: HTMLElement, label: 'Start' | 'End', day: number) {
  fireEvent.click(within(dialog).getByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('button', { name: `${day} July 2025` }));
  fireEvent.click(screen.getByRole('button', { name: `Set ${label.toLowerCase()}` }));
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: `${day} July 2025` })).toBeNull(),
  );
}

signedInAdminBrowser(() => vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true }));

describe('LicenseEditor', () => {
  it('starts a new license now, for 7 days and 1 user, with the email on; saves the PUT body', async () => {
    const fetch = server();
    const dialog = await openNew();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveTextContent(
      '10-7-2025 9:00:00',
    );
    expect(within(dialog).getByRole('button', { name: 'End' })).toHaveTextContent(
      '17-7-2025 9:00:00',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Users' })).toHaveValue('1');
    expect(within(dialog).getByRole('checkbox', { name: 'Send email' })).toBeChecked();

    const save = within(dialog).getByRole('button', { name: 'Save' });
    // The name is required.
    await waitFor(() => expect(save).toBeDisabled());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Spring pilot ' },
    });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add license' })).toBeNull());
    expect(sent(fetch, 'PUT')).toEqual([
      {
        url: '/api/Admin/ManualLicenses',
        body: {
          organizationId: teamId,
          description: 'Spring pilot',
          start: local(10),
          end: local(17),
          userAmount: 1,
          sendEmailNow: true,
        },
      },
    ]);
  });

  it('needs at least 1 user', async () => {
    server();
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Pilot' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    const users = within(dialog).getByRole('textbox', { name: 'Users' });
    fireEvent.change(users, { target: { value: '' } });
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(dialog).getByText('This field is required')).toBeVisible();
    fireEvent.change(users, { target: { value: '0' } });
    expect(await within(dialog).findByText('Must be at least 1')).toBeVisible();
    expect(save).toBeDisabled();
    fireEvent.change(users, { target: { value: '25' } });
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('is invalid while the start is not before the end', async () => {
    server();
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Pilot' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());

    await pickDay(dialog, 'End', 5);
    expect(await within(dialog).findByText('The start must be before the end.')).toBeVisible();
    expect(save).toBeDisabled();
    // Moving the start before the end clears the end's message too.
    await pickDay(dialog, 'Start', 1);
    await waitFor(() =>
      expect(within(dialog).queryByText('The start must be before the end.')).toBeNull(),
    );
    expect(save).toBeEnabled();
  });

  it("offers 'Send email' only while the license is current", async () => {
    const fetch = server();
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Autumn' },
    });
    expect(within(dialog).getByRole('checkbox', { name: 'Send email' })).toBeVisible();
    // Starting tomorrow: not current, no email.
    await pickDay(dialog, 'Start', 11);
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: 'Send email' })).toBeNull(),
    );
    expect(
      within(dialog).getByText('The license is not running now, so no email is sent.'),
    ).toBeVisible();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    expect(sent(fetch, 'PUT')[0]?.body).toMatchObject({ start: local(11), sendEmailNow: false });
  });

  it('edits a license: its values, the email off at first, and the PATCH body', async () => {
    const current = licenseFixture({
      description: 'Pilot',
      start: local(1, 8),
      end: local(31, 18, 30),
      userAmount: 4,
      isActive: true,
    });
    const fetch = server([current]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit license Pilot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit license' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Pilot');
    expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveTextContent(
      '1-7-2025 8:00:00',
    );
    expect(within(dialog).getByRole('button', { name: 'End' })).toHaveTextContent(
      '31-7-2025 18:30:00',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Users' })).toHaveValue('4');
    const email = within(dialog).getByRole('checkbox', { name: 'Send email' });
    expect(email).not.toBeChecked();
    fireEvent.click(email);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Users' }), {
      target: { value: '6' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')[0]).toEqual({
      url: `/api/Admin/ManualLicenses/${current.id}`,
      body: {
        licenseId: current.id,
        description: 'Pilot',
        start: local(1, 8),
        end: local(31, 18, 30),
        userAmount: 6,
        sendEmailNow: true,
      },
    });
  });

  it("keeps the editor open with what was typed and shows 'An error has occurred: {text}.'", async () => {
    const refusal: Problem = {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'The team changed meanwhile.',
    };
    server([], () => ({ status: 409, body: refusal }));
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Pilot' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(error).getByText('An error has occurred: The team changed meanwhile.'),
    ).toBeVisible();
    fireEvent.click(within(error).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('dialog', { name: 'Add license' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Pilot');
  });
});
