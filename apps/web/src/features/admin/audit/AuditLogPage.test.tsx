// @vitest-environment happy-dom

import {
  type AdminOrganizationRow,
  type AdminUser,
  type AdminUserRow,
  auditPaging,
  limits,
} from '@roomscale/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/harness.tsx';
import { renderRouter } from '../../../test/router.tsx';
import { auditEntry, auditPage, cursorAfter, targetId, teamId } from '../../audit/fixtures.ts';
import { signedInAdminBrowser } from '../testing.ts';
import { AuditLogPage } from './AuditLogPage.tsx';

const otherTeamId = '44444444-4444-4444-8444-444444444444';

function teamRow(id: string, name: string): AdminOrganizationRow {
  return {
    organizationId: id,
    id,
    name,
    licenseCount: 0,
    usersCount: 1,
    filesCount: 0,
    roomsCount: 0,
    created: '2025-01-01T00:00:00.000Z',
    lastModified: null,
    imageUpdated: null,
  };
}

function userRow(id: string, firstName: string, lastName: string, email: string): AdminUserRow {
  return {
    userId: id,
    id,
    firstName,
    lastName,
    position: null,
    email,
    created: '2025-01-01T00:00:00.000Z',
    lastModified: null,
    superAdmin: false,
    userActivated: true,
    organizationsCount: 1,
    imageUpdated: null,
    role: null,
    licenseType: null,
  };
}

const alan: AdminUser = {
  userId: targetId,
  id: targetId,
  email: 'alan@example.com',
  firstName: 'Alan',
  lastName: 'Turing',
  position: null,
  superAdmin: false,
  hasManualUserSubscription: false,
  hasMetaSubscription: false,
  userActivated: true,
  passwordSet: true,
  hasRoomscaleLogin: true,
  hasSsoLogin: false,
  hasOculusLogin: false,
  userLogins: [],
  imageUpdated: null,
  created: '2025-01-01T00:00:00.000Z',
  createdBy: null,
  createdByName: null,
  lastModified: null,
  lastModifiedBy: null,
  lastModifiedByName: null,
  organizations: [],
};

const paged = <T,>(results: T[]) => ({
  currentPage: 1,
  pageCount: 1,
  pageSize: 5,
  entryCount: results.length,
  firstRowOnPage: 1,
  lastRowOnPage: results.length,
  results,
});

const renderAt = (url: string) =>
  renderRouter([{ path: '/admin/auditlog', element: <AuditLogPage /> }], url, { probe: true });

type Api = ReturnType<typeof mockApi>;
const callsTo = (fetch: Api, path: string) =>
  fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));
const logQueries = (fetch: Api) => callsTo(fetch, '/api/Admin/AuditLog');

/** The rows of the table, header row left out. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Recorded changes' });
  return within(table).getAllByRole('row').slice(1);
}

signedInAdminBrowser();

describe('AuditLogPage', () => {
  it('shows who, when, what, the team, whom it is about, the change and the address', async () => {
    const longNote = `Renewal ${'x'.repeat(300)}`;
    const fetch = mockApi(() => ({
      body: auditPage(1, 1, [
        auditEntry(1),
        auditEntry(2, {
          action: 'license.returnToTrial',
          actorId: null,
          actorName: null,
          actorEmail: null,
          ip: null,
          before: { licenseType: 'License' },
          after: { licenseType: 'Trial' },
        }),
        auditEntry(3, {
          action: 'license.create',
          targetUserId: null,
          targetName: null,
          before: null,
          after: { description: longNote, userAmount: 5 },
        }),
      ]),
    }));
    renderAt('/admin/auditlog');
    const all = await rows();
    expect(all).toHaveLength(3);
    const [edit, trial, created] = all as [HTMLElement, HTMLElement, HTMLElement];

    expect(logQueries(fetch)).toEqual([{ Page: '1', PageSize: '25' }]);
    expect(edit).toHaveTextContent(dayjs('2025-03-07T14:05:09.000Z').format('D-M-YYYY H:mm:ss'));
    expect(edit).toHaveTextContent('Grace Hopper');
    expect(edit).toHaveTextContent('grace@example.com');
    expect(edit).toHaveTextContent('Membership changed');
    expect(edit).toHaveTextContent(/Role:\s*User\s*→\s*changed to\s*Admin/);
    expect(edit).toHaveTextContent('203.0.113.7');
    expect(within(edit).getByRole('link', { name: 'Acme VR' }).getAttribute('href')).toBe(
      `/admin/organizations/${teamId}`,
    );
    expect(within(edit).getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe(
      `/admin/users/${targetId}`,
    );

    expect(trial).toHaveTextContent('System');
    expect(trial).not.toHaveTextContent('Grace Hopper');
    expect(trial).toHaveTextContent('Returned to Trial');
    expect(trial).toHaveTextContent(/License type:\s*License\s*→\s*changed to\s*Trial/);

    expect(created).toHaveTextContent('License created');
    expect(created).toHaveTextContent('Users: 5');
    // A long value is cut in the row; the whole of it is not laid out in the table.
    expect(created).not.toHaveTextContent(longNote);
    expect(created).toHaveTextContent(/Name: Renewal x+…/);
    expect(screen.getByText('3 changes')).toBeVisible();
  });

  it('pages through the log, with page links only when there is more than one page', async () => {
    const fetch = mockApi((_, url) => {
      const page = Number(url.searchParams.get('Page'));
      return { body: auditPage(page, 3, [auditEntry(page, { actorName: `Actor p${page}` })]) };
    });
    const router = renderAt('/admin/auditlog');
    expect(await screen.findByText('Actor p1')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Audit log pages' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Actor p2')).toBeVisible();
    // The next page is read from where the first one ended; the address keeps the cursor.
    expect(router.state.location.search).toBe(`?page=2&after=${cursorAfter(1)}`);
    expect(logQueries(fetch).at(-1)).toEqual({ Page: '2', PageSize: '25', After: cursorAfter(1) });

    // Back returns to the first page.
    await router.navigate(-1);
    expect(await screen.findByText('Actor p1')).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('asks for a page by number when it does not know where it starts', async () => {
    const fetch = mockApi((_, url) => {
      const page = Number(url.searchParams.get('Page'));
      return { body: auditPage(page, 3, [auditEntry(page, { actorName: `Actor p${page}` })]) };
    });
    const router = renderAt('/admin/auditlog');
    expect(await screen.findByText('Actor p1')).toBeVisible();
    const nav = () => screen.getByRole('navigation', { name: 'Audit log pages' });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Actor p3')).toBeVisible();
    expect(router.state.location.search).toBe('?page=3');
    expect(logQueries(fetch).at(-1)).toEqual({ Page: '3', PageSize: '25' });
    // The second page starts where the first one, seen before, ended.
    fireEvent.click(within(nav()).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Actor p2')).toBeVisible();
    expect(router.state.location.search).toBe(`?page=2&after=${cursorAfter(1)}`);
  });

  it('offers by number only the pages the server reads by number, the next one from its cursor', async () => {
    mockApi((_, url) => {
      const page = Number(url.searchParams.get('Page'));
      return { body: auditPage(page, 1000, [auditEntry(page, { actorName: `Actor p${page}` })]) };
    });
    const deepest = auditPaging.offsetMax / limits.auditPageSize + 1;
    const router = renderAt('/admin/auditlog');
    expect(await screen.findByText('Actor p1')).toBeVisible();
    const nav = () => screen.getByRole('navigation', { name: 'Audit log pages' });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText(`Actor p${deepest}`)).toBeVisible();
    expect(router.state.location.search).toBe(`?page=${deepest}`);
    // From there, the next page is offered: read from the cursor, not by number.
    fireEvent.click(within(nav()).getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText(`Actor p${deepest + 1}`)).toBeVisible();
    expect(router.state.location.search).toBe(`?page=${deepest + 1}&after=${cursorAfter(deepest)}`);
  });

  it('shows no pager for a single page', async () => {
    mockApi(() => ({ body: auditPage(1, 1, [auditEntry(1)]) }));
    renderAt('/admin/auditlog');
    await rows();
    expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).toBeNull();
  });

  it('filters by a team picked from the suggestions, back at page 1, and clears it', async () => {
    const fetch = mockApi((_, url) => {
      if (url.pathname === '/api/Admin/Organizations') {
        const filter = url.searchParams.get('Filter');
        return {
          body: paged(
            filter === 'glob'
              ? [teamRow(otherTeamId, 'Globex')]
              : [teamRow(teamId, 'Acme VR'), teamRow(otherTeamId, 'Globex')],
          ),
        };
      }
      const team = url.searchParams.get('OrganizationId');
      const page = Number(url.searchParams.get('Page'));
      return {
        body: auditPage(page, 4, [auditEntry(page, { actorName: team ? `In ${team}` : 'Anyone' })]),
      };
    });
    const router = renderAt('/admin/auditlog?page=3');
    expect(await screen.findByText('Anyone')).toBeVisible();

    const box = screen.getByRole('combobox', { name: 'Team' });
    // Typing happens in the focused box (Mantine ignores writes to an unfocused one).
    act(() => box.focus());
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'glob' } });
    // The first few teams show at once; after a pause in typing, only the matches.
    expect(await screen.findByRole('option', { name: 'Acme VR' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Acme VR' })).toBeNull());
    const option = screen.getByRole('option', { name: 'Globex' });
    expect(callsTo(fetch, '/api/Admin/Organizations').at(-1)).toEqual({
      Filter: 'glob',
      Page: '1',
      PageSize: '5',
    });
    fireEvent.click(option);

    expect(await screen.findByText(`In ${otherTeamId}`)).toBeVisible();
    expect(router.state.location.search).toBe(`?team=${otherTeamId}`);
    expect(logQueries(fetch).at(-1)).toEqual({
      OrganizationId: otherTeamId,
      Page: '1',
      PageSize: '25',
    });
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('Globex');

    fireEvent.click(screen.getByRole('button', { name: 'Show all teams' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Anyone')).toBeVisible();
    expect(logQueries(fetch).at(-1)).toEqual({ Page: '1', PageSize: '25' });
  });

  it('opens a shared link with a user filter by name and keeps the other filter', async () => {
    const fetch = mockApi((_, url) => {
      if (url.pathname === `/api/Admin/Users/${targetId}`) return { body: alan };
      // The team was deleted since the link was shared: its name cannot be looked up.
      if (url.pathname === `/api/Admin/Organizations/${teamId}`) return { status: 404 };
      if (url.pathname === '/api/Admin/Users') {
        return { body: paged([userRow(targetId, 'Alan', 'Turing', 'alan@example.com')]) };
      }
      return { body: auditPage(2, 2, [auditEntry(2)]) };
    });
    const router = renderAt(`/admin/auditlog?team=${teamId}&user=${targetId}&page=2`);
    await rows();
    expect(logQueries(fetch)[0]).toEqual({
      OrganizationId: teamId,
      UserId: targetId,
      Page: '2',
      PageSize: '25',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'About user' })).toHaveValue('Alan Turing'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show all users' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?team=${teamId}`));
    await waitFor(() =>
      expect(logQueries(fetch).at(-1)).toEqual({
        OrganizationId: teamId,
        Page: '1',
        PageSize: '25',
      }),
    );
  });

  it('tells an empty log from filters that match nothing', async () => {
    mockApi(() => ({ body: auditPage(1, 0, []) }));
    renderAt('/admin/auditlog');
    expect(await screen.findByText('No changes recorded yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('offers to clear filters that match nothing', async () => {
    const fetch = mockApi((_, url) => {
      if (url.pathname.startsWith('/api/Admin/Organizations/')) {
        return { status: 404, body: undefined };
      }
      const filtered = url.searchParams.has('OrganizationId');
      return { body: filtered ? auditPage(1, 0, []) : auditPage(1, 1, [auditEntry(1)]) };
    });
    const router = renderAt(`/admin/auditlog?team=${teamId}`);
    expect(await screen.findByText('No changes match these filters')).toBeVisible();
    // The team's name could not be looked up: the box still says a team is chosen.
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('Selected team');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await rows();
    expect(router.state.location.search).toBe('');
    expect(logQueries(fetch).at(-1)).toEqual({ Page: '1', PageSize: '25' });
  });

  it('says when the log could not be loaded and tries again', async () => {
    let fail = true;
    const fetch = mockApi(() =>
      fail
        ? {
            status: 500,
            body: { type: 'about:blank', title: 'Internal Server Error', status: 500 },
          }
        : { body: auditPage(1, 1, [auditEntry(1)]) },
    );
    renderAt('/admin/auditlog');
    expect(await screen.findByText('The audit log could not be loaded')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
    expect(logQueries(fetch)).toHaveLength(2);
  });
});
