// @vitest-environment happy-dom

import type { AdminOrganizationPage, AdminOrganizationRow } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeClock, mockApi, resetBrowser, signedInBrowser } from '../../../test/harness.tsx';
import { listQueries as queriesOf, renderRoutes, signedInAdminBrowser } from '../testing.ts';
import { AdminTeamsPage } from './AdminTeamsPage.tsx';

const newTeamId = '33333333-3333-4333-8333-333333333333';

function row(i: number, overrides: Partial<AdminOrganizationRow> = {}): AdminOrganizationRow {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    id,
    organizationId: id,
    name: `Team ${i}`,
    licenseCount: 0,
    usersCount: 0,
    filesCount: 0,
    roomsCount: 0,
    created: '2025-03-07T14:05:09.000Z',
    lastModified: null,
    imageUpdated: null,
    ...overrides,
  };
}

function page(n: number, pageCount: number, rows: AdminOrganizationRow[]): AdminOrganizationPage {
  return {
    currentPage: n,
    pageCount,
    pageSize: 20,
    entryCount: pageCount * 20,
    firstRowOnPage: (n - 1) * 20 + 1,
    lastRowOnPage: (n - 1) * 20 + rows.length,
    results: rows,
  };
}

const renderAt = (url: string) =>
  renderRoutes([{ path: '/admin/organizations', element: <AdminTeamsPage /> }], url);

const listQueries = (fetch: ReturnType<typeof mockApi>) =>
  queriesOf(fetch, '/api/Admin/Organizations');

signedInAdminBrowser();

describe('AdminTeamsPage', () => {
  it('lists teams with their user, license, room and file counts, 20 a page', async () => {
    const fetch = mockApi((_, url) => {
      const n = Number(url.searchParams.get('Page'));
      return {
        body: page(n, 3, [
          row(n * 10 + 1, {
            name: `Orbit ${n}`,
            usersCount: 12,
            licenseCount: 5,
            roomsCount: 3,
            filesCount: 48,
          }),
        ]),
      };
    });
    renderAt('/admin/organizations');
    const table = await screen.findByRole('table', { name: 'Teams' });
    const orbit = within(table).getByRole('row', { name: /Orbit 1/ });
    expect(
      within(orbit)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((c) => c.textContent),
    ).toEqual(['12', '5', '3', '48']);
    expect(within(orbit).getByRole('link', { name: 'Orbit 1' })).toHaveAttribute(
      'href',
      `/admin/organizations/${row(11).id}`,
    );
    expect(within(orbit).getByRole('link', { name: 'Edit Orbit 1' })).toBeVisible();
    expect(screen.getByText('60 teams')).toBeVisible();
    expect(listQueries(fetch)[0]).toEqual({ Page: '1', PageSize: '20' });

    const nav = screen.getByRole('navigation', { name: 'Team pages' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Orbit 2' })).toBeVisible();
    expect(listQueries(fetch).at(-1)).toEqual({ Page: '2', PageSize: '20' });
  });

  it('searches after 1 s of quiet typing and goes back to page 1', async () => {
    const fetch = mockApi((_, url) => {
      const filter = url.searchParams.get('Filter');
      const n = Number(url.searchParams.get('Page'));
      return { body: page(n, 4, [row(n, { name: filter ? `Found ${filter}` : `Team p${n}` })]) };
    });
    const router = renderAt('/admin/organizations?page=3');
    expect(await screen.findByText('Team p3')).toBeVisible();

    const search = screen.getByRole('searchbox', { name: 'Search teams' });
    const advance = fakeClock();
    fireEvent.change(search, { target: { value: 'or' } });
    await advance(600);
    fireEvent.change(search, { target: { value: 'orb' } });
    await advance(900);
    // 1.5 s after the first key, but only 0.9 s after the last: nothing searched yet.
    expect(listQueries(fetch).some((q) => q.Filter)).toBe(false);
    await advance(100);
    expect(await screen.findByText('Found orb')).toBeVisible();
    expect(listQueries(fetch).filter((q) => q.Filter)).toEqual([
      { Filter: 'orb', Page: '1', PageSize: '20' },
    ]);
    expect(router.state.location.search).toBe('?search=orb');
  });

  it('tells an empty platform from a search without matches', async () => {
    mockApi(() => ({ body: { ...page(1, 0, []), entryCount: 0 } }));
    renderAt('/admin/organizations');
    expect(await screen.findByText('No teams yet')).toBeVisible();
    resetBrowser();
    await signedInBrowser();
    mockApi(() => ({ body: { ...page(1, 0, []), entryCount: 0 } }));
    renderAt('/admin/organizations?search=zzz');
    expect(await screen.findByText('No teams found')).toBeVisible();
    expect(screen.getByText("Nothing matches 'zzz'. Try another search.")).toBeVisible();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { type: 'about:blank', title: 'Internal', status: 500 } }
        : { body: page(1, 1, [row(1, { name: 'Back again' })]) },
    );
    renderAt('/admin/organizations');
    expect(await screen.findByText('The teams could not be loaded.')).toBeVisible();
    expect(screen.getByText('An unknown error has occurred in the server')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });

  it('asks for a name for a new team, creates it and opens its page', async () => {
    const fetch = mockApi((method) =>
      method === 'PUT'
        ? { body: { id: newTeamId, organizationId: newTeamId } }
        : { body: page(1, 1, [row(1)]) },
    );
    const router = renderAt('/admin/organizations');
    fireEvent.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const name = within(dialog).getByRole('textbox', { name: 'Team name' });
    fireEvent.change(name, { target: { value: 'O' } });
    // Create starts disabled (no name yet): wait for the validation's message instead.
    expect(await within(dialog).findByText('Must be at least 2 characters')).toBeVisible();
    expect(create).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Orbit Labs' } });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/organizations/${newTeamId}`),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/Admin/Organizations');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: 'Orbit Labs' });
  });

  it('deletes a team after a confirmation naming what goes with it', async () => {
    let deleted = false;
    const doomed = row(7, { name: 'Doomed', usersCount: 4, filesCount: 1, roomsCount: 2 });
    const fetch = mockApi((method) => {
      if (method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      return { body: page(1, 1, deleted ? [row(1)] : [row(1), doomed]) };
    });
    renderAt('/admin/organizations');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Doomed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete team' });
    expect(
      within(dialog).getByText(
        "'Doomed' will be deleted for good, with its 4 members (their accounts stay), 1 file, 2 rooms and all its meetings. This cannot be undone.",
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Doomed' })).toBeNull());
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del?.[0])).toBe(`/api/Admin/Organizations/${doomed.id}`);
    expect(await screen.findByText("'Doomed' has been deleted.")).toBeVisible();
  });
});
