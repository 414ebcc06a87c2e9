// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeClock, mockApi, resetBrowser, signedInBrowser } from '../../../test/harness.tsx';
import { calls, renderRoutes, signedInAdminBrowser } from '../testing.ts';
import { AdminUserEditPage } from './AdminUserEditPage.tsx';
import { AdminUsersPage } from './AdminUsersPage.tsx';
import { adminId, graceId, orbitId, userDetail, userPage, userRow } from './fixtures.tsx';

const routes = [
  { path: '/admin/users', element: <AdminUsersPage /> },
  { path: '/admin/users/:userId', element: <AdminUserEditPage /> },
];

signedInAdminBrowser();

describe('AdminUsersPage', () => {
  it('lists users with email, position, the Super Admin marker and their team count', async () => {
    const fetch = mockApi(() => ({
      body: userPage([
        userRow(1, {
          firstName: 'Ada',
          lastName: 'Admin',
          superAdmin: true,
          position: 'CTO',
          organizationsCount: 3,
        }),
        userRow(2, { firstName: 'Bob', lastName: 'Builder', organizationsCount: 0 }),
      ]),
    }));
    renderAt('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, ada, bob] = within(table).getAllByRole('row');
    expect(within(ada!).getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe(
      `/admin/users/${adminId}`,
    );
    expect(within(ada!).getByText('Super Admin')).toBeVisible();
    expect(within(ada!).getByText('user1@example.com')).toBeVisible();
    expect(within(ada!).getByText('CTO')).toBeVisible();
    expect(within(ada!).getByText('3')).toBeVisible();
    expect(within(bob!).queryByText('Super Admin')).toBeNull();
    expect(within(bob!).getByText('0')).toBeVisible();
    expect(within(bob!).getByRole('link', { name: 'Edit Bob Builder' }).getAttribute('href')).toBe(
      `/admin/users/${userRow(2).id}`,
    );
    expect(screen.getByText('2 users')).toBeVisible();
    expect(calls(fetch)[0]?.query).toEqual({ Page: '1', PageSize: '25' });
  });

  it('searches after 1 s of quiet typing and goes back to page 1', async () => {
    const fetch = mockApi((_, url) => {
      const filter = url.searchParams.get('Filter');
      const page = Number(url.searchParams.get('Page'));
      const row = userRow(page, { firstName: filter ? `Found ${filter}` : `Page${page}` });
      return { body: userPage([row], page, 4) };
    });
    const router = renderAt('/admin/users?page=3');
    expect(await screen.findByText('Page3 Last3')).toBeVisible();

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    const advance = fakeClock();
    fireEvent.change(search, { target: { value: 'gr' } });
    await advance(500);
    fireEvent.change(search, { target: { value: 'grace' } });
    await advance(900);
    // 1.4 s after the first key, but only 0.9 s after the last: nothing searched yet.
    expect(calls(fetch).some((c) => c.query.Filter)).toBe(false);
    await advance(100);

    expect(
      await screen.findByText('Found grace Last1', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(
      calls(fetch)
        .filter((c) => c.query.Filter)
        .map((c) => c.query),
    ).toEqual([{ Filter: 'grace', Page: '1', PageSize: '25' }]);
    expect(router.state.location.search).toBe('?search=grace');
  });

  it('shows an empty list, a search without match, and a failed load with retry', async () => {
    let fail = true;
    mockApi((_, url) => {
      if (fail) return { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } };
      return { body: userPage(url.searchParams.get('Filter') ? [] : [userRow(1)]) };
    });
    renderAt('/admin/users');
    expect(await screen.findByText('The users could not be loaded.')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('First1 Last1')).toBeVisible();
    resetBrowser();
    await signedInBrowser();
    mockApi(() => ({ body: userPage([]) }));
    renderAt('/admin/users?search=zz');
    expect(await screen.findByText('No users found')).toBeVisible();
    expect(screen.getByText("Nothing matches 'zz'. Try another search.")).toBeVisible();
  });

  it('creates a user from the New user modal once the form is valid, then opens their page', async () => {
    const created = userRow(7, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    });
    const fetch = mockApi((method, url) => {
      if (method === 'PUT') return { body: created };
      if (url.pathname === `/api/Admin/Users/${graceId}`) return { body: userDetail() };
      return { body: userPage([]) };
    });
    const router = renderAt('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    const submit = within(dialog).getByRole('button', { name: 'Create user' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'grace@' } });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'H' } });
    await waitFor(() =>
      expect(within(dialog).getByText('Must be at least 2 characters')).toBeVisible(),
    );
    expect(within(dialog).getByText('Please enter a valid email address')).toBeVisible();
    expect(submit.disabled).toBe(true);

    fireEvent.change(within(dialog).getByLabelText(/^Email/), {
      target: { value: 'Grace@Example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Super admin/ }));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/${graceId}`));
    const put = calls(fetch).find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/Admin/Users');
    expect(put?.body).toEqual({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      superAdmin: true,
    });
  });

  it('keeps the typed values and shows the server refusal in the modal', async () => {
    mockApi((method) =>
      method === 'PUT'
        ? {
            status: 400,
            body: {
              type: 'https://roomscale.dev/problems/validation',
              title: 'Bad Request',
              status: 400,
              detail: 'Email address is already in use.',
              errors: { email: ['Email address is already in use.'] },
            },
          }
        : { body: userPage([]) },
    );
    renderAt('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'a@b.co' } });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Al' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Bo' } });
    const submit = within(dialog).getByRole('button', { name: 'Create user' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Email address is already in use.')).toBeVisible();
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('a@b.co');
    expect((within(dialog).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Al');
  });

  it('deletes a user only after the confirmation', async () => {
    const fetch = mockApi((method) =>
      method === 'DELETE'
        ? { status: 204 }
        : {
            body: userPage([
              userRow(2, { firstName: 'Bob', lastName: 'Builder', organizationsCount: 2 }),
            ]),
          },
    );
    renderAt('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bob Builder' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(
      within(dialog).getByText(
        /Bob Builder \(user2@example\.com\) will be deleted for good, and removed from 2 teams/,
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).toBeNull());
    expect(calls(fetch).some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() =>
      expect(
        calls(fetch)
          .filter((c) => c.method === 'DELETE')
          .map((c) => c.path),
      ).toEqual([`/api/Admin/Users/${userRow(2).id}`]),
    );
  });
});

describe('AdminUserEditPage', () => {
  it('shows the read-only facts: history, subscriptions, login types and teams', async () => {
    mockApi(() => ({ body: userDetail() }));
    renderAt(`/admin/users/${graceId}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    // d-M-y H:mm:ss (local time), the creator linking to their page, never edited.
    expect(screen.getByText(/^\d{1,2}-\d{1,2}-2025 \d{1,2}:\d{2}:09$/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe(
      `/admin/users/${adminId}`,
    );
    expect(screen.getAllByText('Never')).toHaveLength(2);
    expect(screen.getByText('Roomscale account')).toBeVisible();
    expect(screen.getByText('Meta Account')).toBeVisible();
    const teams = screen.getByRole('table', { name: 'Teams of this user' });
    expect(within(teams).getByRole('link', { name: 'Orbit' }).getAttribute('href')).toBe(
      `/admin/organizations/${orbitId}`,
    );
    expect(within(teams).getByText('Admin')).toBeVisible();
    expect(within(teams).getByText('License')).toBeVisible();
  });

  it('validates, saves every field and confirms with User saved', async () => {
    const fetch = mockApi((method, _, body) =>
      method === 'PATCH'
        ? {
            body: {
              ...userDetail(),
              ...(body as object),
              lastModified: '2025-03-08T09:00:00.000Z',
              lastModifiedBy: adminId,
              lastModifiedByName: 'Ada Admin',
            },
          }
        : { body: userDetail() },
    );
    renderAt(`/admin/users/${graceId}`);
    const first = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    expect(first.value).toBe('Grace');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

    // Each step waits for what its validation shows: Save starts disabled (nothing changed), so
    // its state alone cannot tell that a change has been validated.
    fireEvent.change(first, { target: { value: 'G' } });
    expect(await screen.findByText('Must be at least 2 characters')).toBeVisible();
    expect(save.disabled).toBe(true);
    fireEvent.change(first, { target: { value: 'Gracie' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    const position = screen.getByLabelText('Position') as HTMLInputElement;
    fireEvent.change(position, { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('Must be at most 50 characters')).toBeVisible();
    expect(save.disabled).toBe(true);
    fireEvent.change(position, { target: { value: '' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(screen.getByRole('switch', { name: /^Manual user license/ }));
    fireEvent.click(screen.getByRole('switch', { name: /^Super admin/ }));
    fireEvent.click(save);

    const done = await screen.findByRole('dialog', { name: 'User saved' });
    expect(within(done).getByText('The data has been saved')).toBeVisible();
    const patch = calls(fetch).find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe(`/api/Admin/Users/${graceId}`);
    expect(patch?.body).toEqual({
      firstName: 'Gracie',
      lastName: 'Hopper',
      position: null,
      superAdmin: true,
      hasManualUserSubscription: true,
    });
    // Reloaded from the answer: edited now, by someone.
    await waitFor(() => expect(screen.queryAllByText('Never')).toHaveLength(0));
    expect(screen.getByRole('heading', { name: 'Gracie Hopper' })).toBeVisible();
  });

  it('keeps the typed values when the save fails and says why under the field', async () => {
    mockApi((method) =>
      method === 'PATCH'
        ? {
            status: 400,
            body: {
              type: 'https://roomscale.dev/problems/validation',
              title: 'Bad Request',
              status: 400,
              detail: 'You cannot remove your own super admin rights.',
              errors: { superAdmin: ['You cannot remove your own super admin rights.'] },
            },
          }
        : { body: userDetail({ superAdmin: true }) },
    );
    renderAt(`/admin/users/${graceId}`);
    const last = (await screen.findByLabelText(/^Last name/)) as HTMLInputElement;
    fireEvent.change(last, { target: { value: 'Hopper-Murray' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Super admin/ }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText(/You cannot remove your own super admin rights/)).toBeVisible();
    expect(last.value).toBe('Hopper-Murray');
    expect(screen.getAllByText('You cannot remove your own super admin rights.').length).toBe(2);
  });

  it('removes the user from a team with role None and license None after a confirmation', async () => {
    const fetch = mockApi((method, url) =>
      method === 'PATCH'
        ? {
            body: {
              id: graceId,
              userId: graceId,
              firstName: 'Grace',
              lastName: 'Hopper',
              email: 'grace@example.com',
              position: null,
              role: 'None',
              licenseType: 'None',
              superAdmin: false,
            },
          }
        : url.pathname === `/api/Admin/Users/${graceId}`
          ? { body: userDetail() }
          : { status: 404 },
    );
    renderAt(`/admin/users/${graceId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from Orbit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from team' });
    expect(within(dialog).getByText(/Grace Hopper will be removed from 'Orbit'/)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls(fetch).some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls(fetch).find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe(`/api/Admin/Organizations/${orbitId}/Users/${graceId}`);
    expect(patch?.body).toEqual({
      organizationId: orbitId,
      userId: graceId,
      role: 'None',
      licenseType: 'None',
    });
  });

  it('deletes the user after the confirmation and goes back to the list', async () => {
    const fetch = mockApi((method, url) =>
      method === 'DELETE'
        ? { status: 204 }
        : url.pathname === '/api/Admin/Users'
          ? { body: userPage([]) }
          : { body: userDetail() },
    );
    const router = renderAt(`/admin/users/${graceId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText(/removed from 1 team\b/)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(calls(fetch).find((c) => c.method === 'DELETE')?.path).toBe(
      `/api/Admin/Users/${graceId}`,
    );
  });

  it('shows not found for an unknown user', async () => {
    mockApi(() => ({
      status: 404,
      body: { type: 'about:blank', title: 'Not Found', status: 404 },
    }));
    renderAt(`/admin/users/${graceId}`);
    expect(await screen.findByText('User not found')).toBeVisible();
  });
});

function renderAt(url: string) {
  return renderRoutes(routes, url);
}
