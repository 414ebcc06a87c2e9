// @vitest-environment happy-dom
import type { AdminOrganizationPage, AdminOrganizationUser } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/harness.tsx';
import { calls, renderRoutes, signedInAdminBrowser } from '../testing.ts';
import { graceId, orbitId, userDetail, userPage, userRow, uuid } from '../users/fixtures.tsx';
import { MembershipEditor, type MembershipEditorProps } from './MembershipEditor.tsx';

const grace = { id: graceId, name: 'Grace Hopper', email: 'grace@example.com' };
const nebula = { id: uuid(902), name: 'Nebula' };

function teamPage(names: string[]): AdminOrganizationPage {
  return {
    currentPage: 1,
    pageCount: 1,
    pageSize: 5,
    entryCount: names.length,
    firstRowOnPage: names.length ? 1 : 0,
    lastRowOnPage: names.length,
    results: names.map((name, i) => ({
      id: uuid(910 + i),
      organizationId: uuid(910 + i),
      name,
      licenseCount: 0,
      usersCount: 1,
      filesCount: 0,
      roomsCount: 0,
      created: '2025-03-07T14:05:09.000Z',
      lastModified: null,
      imageUpdated: null,
    })),
  };
}

const member = (userId: string, role = 'User', licenseType = 'Trial') =>
  ({
    id: userId,
    userId,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    position: null,
    role,
    licenseType,
    superAdmin: false,
  }) as AdminOrganizationUser;

const problem = (status: number, detail: string, errors?: Record<string, string[]>) => ({
  status,
  body: { type: 'about:blank', title: 'Bad Request', status, detail, ...(errors && { errors }) },
});

function open(props: Partial<MembershipEditorProps>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: <MembershipEditor opened onClose={onClose} onSaved={onSaved} {...props} />,
      },
    ],
    '/',
  );
  return { onSaved, onClose };
}

const dialog = () => screen.findByRole('dialog');
const confirmButton = (d: HTMLElement) =>
  within(d).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

signedInAdminBrowser();

describe('MembershipEditor', () => {
  it('suggests the first 5 teams for a fixed user and saves the chosen role and license', async () => {
    const names = ['Orbit', 'Orion', 'Oregon', 'Oracle', 'Orchid'];
    const fetch = mockApi((method, url, body) => {
      if (url.pathname === '/api/Admin/Organizations') return { body: teamPage(names) };
      if (url.pathname === `/api/Admin/Users/${graceId}`)
        return { body: userDetail({ organizations: [] }) };
      if (method === 'PATCH') {
        const b = body as { role: string; licenseType: string };
        return { body: member(graceId, b.role, b.licenseType) };
      }
      return { status: 404 };
    });
    const { onSaved, onClose } = open({ user: grace });
    const d = await dialog();
    expect(within(d).getByText('Grace Hopper')).toBeVisible();
    // The fixed user cannot be changed; Confirm waits for a team.
    expect(within(d).queryByRole('button', { name: 'Change user' })).toBeNull();
    expect(confirmButton(d).disabled).toBe(true);

    fireEvent.change(within(d).getByRole('textbox', { name: 'Team' }), { target: { value: 'or' } });
    const options = await screen.findAllByRole('option', {}, { timeout: 5_000 });
    expect(options.map((o) => o.textContent)).toEqual(names);
    const query = calls(fetch).find((c) => c.path === '/api/Admin/Organizations')?.query;
    expect(query).toEqual({ Filter: 'or', Page: '1', PageSize: '5' });
    fireEvent.click(screen.getByRole('option', { name: 'Oracle' }));

    expect(await within(d).findByText('Oracle')).toBeVisible();
    fireEvent.click(within(d).getByLabelText('Role', { selector: 'input' }));
    // Choice lists leave out None.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['User', 'Admin']);
    fireEvent.click(screen.getByRole('option', { name: 'Admin' }));
    fireEvent.click(within(d).getByLabelText('License type', { selector: 'input' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Trial', 'License']);
    fireEvent.click(screen.getByRole('option', { name: 'License' }));

    await waitFor(() => expect(confirmButton(d).disabled).toBe(false));
    fireEvent.click(confirmButton(d));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    const oracleId = uuid(913);
    const patch = calls(fetch).filter((c) => c.method === 'PATCH');
    expect(patch.map((c) => [c.path, c.body])).toEqual([
      [
        `/api/Admin/Organizations/${oracleId}/Users/${graceId}`,
        { organizationId: oracleId, userId: graceId, role: 'Admin', licenseType: 'License' },
      ],
    ]);
  });

  it('offers a new team when nothing matches, and creates it before the membership', async () => {
    const fetch = mockApi((method, url) => {
      if (url.pathname === '/api/Admin/Organizations' && method === 'GET')
        return { body: teamPage([]) };
      if (url.pathname === '/api/Admin/Organizations' && method === 'PUT')
        return { body: { id: nebula.id, organizationId: nebula.id } };
      if (url.pathname === `/api/Admin/Users/${graceId}`)
        return { body: userDetail({ organizations: [] }) };
      if (method === 'PATCH') return { body: member(graceId) };
      return { status: 404 };
    });
    const { onSaved } = open({ user: grace });
    const d = await dialog();
    fireEvent.change(within(d).getByRole('textbox', { name: 'Team' }), {
      target: { value: 'Nebula' },
    });
    fireEvent.click(
      await screen.findByRole('option', { name: "Add new team 'Nebula'" }, { timeout: 5_000 }),
    );
    expect(await within(d).findByText('Nebula')).toBeVisible();
    // Nothing is created until Confirm.
    expect(calls(fetch).some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(confirmButton(d));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = calls(fetch).filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/Admin/Organizations', { name: 'Nebula' }],
      [
        'PATCH',
        `/api/Admin/Organizations/${nebula.id}/Users/${graceId}`,
        { organizationId: nebula.id, userId: graceId, role: 'User', licenseType: 'Trial' },
      ],
    ]);
  });

  it('adds a new user by email to a fixed team, asking for first and last name', async () => {
    const newId = uuid(55);
    const fetch = mockApi((method, url, body) => {
      if (url.pathname === '/api/Admin/Users' && method === 'GET') {
        const filter = url.searchParams.get('Filter') ?? '';
        return { body: userPage(filter.includes('@') ? [] : [userRow(3)]) };
      }
      if (url.pathname === '/api/Admin/Users' && method === 'PUT') {
        const b = body as { email: string; firstName: string; lastName: string };
        return { body: userRow(55, { ...b }) };
      }
      if (url.pathname === `/api/Admin/Users/${newId}`)
        return { body: userDetail({ id: newId, userId: newId, organizations: [] }) };
      if (method === 'PATCH') return { body: member(newId) };
      return { status: 404 };
    });
    const { onSaved } = open({ team: nebula });
    const d = await dialog();
    expect(within(d).getByText('Nebula')).toBeVisible();
    const search = within(d).getByRole('textbox', { name: 'User' });
    fireEvent.change(search, { target: { value: 'kat' } });
    expect(
      await screen.findByRole('option', { name: /First3 Last3/ }, { timeout: 5_000 }),
    ).toBeVisible();
    fireEvent.change(search, { target: { value: 'Kat@Example.com' } });
    fireEvent.click(
      await screen.findByRole(
        'option',
        { name: 'Add new user kat@example.com' },
        { timeout: 5_000 },
      ),
    );

    const first = await within(d).findByRole('textbox', { name: /^First name/ });
    const last = within(d).getByRole('textbox', { name: /^Last name/ });
    expect(confirmButton(d).disabled).toBe(true);
    fireEvent.change(first, { target: { value: 'Katherine' } });
    fireEvent.change(last, { target: { value: 'J' } });
    expect(within(d).getByText('Must be at least 2 characters')).toBeVisible();
    expect(confirmButton(d).disabled).toBe(true);
    fireEvent.change(last, { target: { value: 'Johnson' } });
    await waitFor(() => expect(confirmButton(d).disabled).toBe(false));
    fireEvent.click(confirmButton(d));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = calls(fetch).filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/Admin/Users',
        {
          email: 'kat@example.com',
          firstName: 'Katherine',
          lastName: 'Johnson',
          superAdmin: false,
        },
      ],
      [
        'PATCH',
        `/api/Admin/Organizations/${nebula.id}/Users/${newId}`,
        { organizationId: nebula.id, userId: newId, role: 'User', licenseType: 'Trial' },
      ],
    ]);
  });

  it('says when the chosen user is already a member of the team, and does not save', async () => {
    const page = teamPage(['Orbit', 'Orion']);
    // Orbit is the team of userDetail(): the user is already in it.
    page.results[0] = { ...page.results[0]!, id: orbitId, organizationId: orbitId };
    const fetch = mockApi((_, url) => {
      if (url.pathname === '/api/Admin/Organizations') return { body: page };
      if (url.pathname === `/api/Admin/Users/${graceId}`) return { body: userDetail() };
      return { status: 404 };
    });
    open({ user: grace });
    const d = await dialog();
    const pick = async (name: string) => {
      fireEvent.change(within(d).getByRole('textbox', { name: 'Team' }), {
        target: { value: 'or' },
      });
      fireEvent.click(await screen.findByRole('option', { name }, { timeout: 5_000 }));
      await within(d).findByRole('button', { name: 'Change team' });
    };
    await pick('Orion');
    expect(within(d).queryByText('This user is already a member of this team.')).toBeNull();
    await waitFor(() => expect(confirmButton(d).disabled).toBe(false));

    fireEvent.click(within(d).getByRole('button', { name: 'Change team' }));
    await pick('Orbit');
    expect(await within(d).findByText('This user is already a member of this team.')).toBeVisible();
    expect(confirmButton(d).disabled).toBe(true);
    fireEvent.click(confirmButton(d));
    expect(calls(fetch).some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('edits an existing membership and shows a refusal in the spec sentence, keeping the choices', async () => {
    const fetch = mockApi((method) =>
      method === 'PATCH' ? problem(400, 'License limit reached.') : { status: 404 },
    );
    const { onSaved } = open({
      user: grace,
      team: { id: orbitId, name: 'Orbit' },
      initial: { role: 'User', licenseType: 'Trial' },
    });
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Edit membership' })).toBeVisible();
    expect(
      (within(d).getByLabelText('Role', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('User');
    fireEvent.click(within(d).getByLabelText('License type', { selector: 'input' }));
    fireEvent.click(screen.getByRole('option', { name: 'License' }));
    fireEvent.click(confirmButton(d));
    expect(
      await within(d).findByText(
        'An error has occurred: The license limit has been reached. Purchase more licenses to assign them.',
      ),
    ).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
    expect(
      (within(d).getByLabelText('License type', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('License');
    // Editing never looks the user up: both sides are fixed and the membership exists.
    expect(calls(fetch).filter((c) => c.method === 'GET')).toEqual([]);
    expect(calls(fetch).find((c) => c.method === 'PATCH')?.body).toEqual({
      organizationId: orbitId,
      userId: graceId,
      role: 'User',
      licenseType: 'License',
    });
  });
});
