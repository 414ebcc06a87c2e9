// @vitest-environment happy-dom

import type { RoomTemplate, RoomTemplatePage, RoomTemplateSummary } from '@roomscale/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeClock, mockApi } from '../../../test/harness.tsx';
import { listQueries as queriesOf, renderRoutes, signedInAdminBrowser } from '../testing.ts';
import { RoomTemplateEditPage } from './RoomTemplateEditPage.tsx';
import { RoomTemplatesPage } from './RoomTemplatesPage.tsx';

const templateId = '11111111-1111-4111-8111-111111111111';
const teamId = '22222222-2222-4222-8222-222222222222';
const orbit = {
  organizationId: teamId,
  id: teamId,
  name: 'Orbit',
  licenseCount: 0,
  usersCount: 3,
  filesCount: 0,
  roomsCount: 1,
  created: '2025-01-01T09:00:00.000Z',
  lastModified: null,
  imageUpdated: null,
};
const teamPage = (results: (typeof orbit)[]) => ({
  currentPage: 1,
  pageCount: results.length ? 1 : 0,
  pageSize: 5,
  entryCount: results.length,
  firstRowOnPage: results.length ? 1 : 0,
  lastRowOnPage: results.length,
  results,
  filter: '',
});

function summary(i: number): RoomTemplateSummary {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    id,
    roomId: id,
    name: `Template ${i}`,
    description: null,
    roomSharingType: 'Public',
    roomCount: i,
    imageUrl: null,
  };
}

function listPage(page: number, pageCount: number, names?: string[]): RoomTemplatePage {
  const results = (names ?? [`Template ${page}`]).map((name, i) => ({
    ...summary(page * 100 + i),
    name,
  }));
  return {
    currentPage: page,
    pageCount,
    pageSize: 25,
    entryCount: pageCount * 25,
    firstRowOnPage: 1,
    lastRowOnPage: results.length,
    results,
  };
}

const template: RoomTemplate = {
  id: templateId,
  roomId: templateId,
  name: 'Boardroom',
  category: null,
  description: 'A long table.',
  imageUrl: '/room-templates/meeting-room.svg',
  sceneName: 'Boardroom',
  addressableUrlAndroid: null,
  addressableUrlWindows: null,
  addressableUrlMac: null,
  maxUsers: 16,
  persistent: false,
  capabilities: ['Whiteboard'],
  roomSharingType: 'None',
  allowedOrganizations: [],
  template: true,
  roomCount: 3,
  created: '2025-03-07T14:05:09.000Z',
  createdBy: null,
  createdByName: 'Super Admin',
  lastModified: null,
  lastModifiedBy: null,
  lastModifiedByName: null,
};

const renderAt = (url: string) =>
  renderRoutes(
    [
      { path: '/admin/roomtemplates', element: <RoomTemplatesPage /> },
      { path: '/admin/roomtemplates/:roomTemplateId', element: <RoomTemplateEditPage /> },
    ],
    url,
  );

const listQueries = (fetch: ReturnType<typeof mockApi>) =>
  queriesOf(fetch, '/api/Admin/RoomTemplate');

signedInAdminBrowser();

describe('RoomTemplatesPage', () => {
  it('searches after 1 s of quiet typing and goes back to page 1', async () => {
    const fetch = mockApi((_, url) => {
      const filter = url.searchParams.get('Filter');
      const page = Number(url.searchParams.get('Page'));
      return { body: listPage(page, 4, [filter ? `Found ${filter}` : `Template p${page}`]) };
    });
    const router = renderAt('/admin/roomtemplates?page=3');
    expect(await screen.findByText('Template p3')).toBeVisible();
    expect(listQueries(fetch)[0]).toEqual({ Page: '3', PageSize: '25' });

    const search = screen.getByRole('searchbox', { name: 'Search room templates' });
    const advance = fakeClock();
    fireEvent.change(search, { target: { value: 'lou' } });
    await advance(500);
    fireEvent.change(search, { target: { value: 'lounge' } });
    await advance(900);
    // 1.4 s after the first key, but only 0.9 s after the last: nothing searched yet.
    expect(listQueries(fetch).some((q) => q.Filter)).toBe(false);
    await advance(100);

    expect(await screen.findByText('Found lounge', undefined, { timeout: 10_000 })).toBeVisible();
    expect(listQueries(fetch).filter((q) => q.Filter)).toEqual([
      { Filter: 'lounge', Page: '1', PageSize: '25' },
    ]);
    expect(router.state.location.search).toBe('?search=lounge');
  });

  it('shows page links only when there is more than one page', async () => {
    mockApi((_, url) => {
      const many = url.searchParams.get('Filter') !== 'one';
      return { body: listPage(Number(url.searchParams.get('Page')), many ? 12 : 1) };
    });
    renderAt('/admin/roomtemplates');
    const nav = await screen.findByRole('navigation', { name: 'Room template pages' });
    // At most 10 page links, plus first/previous/next/last.
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(10);
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeVisible();
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Template 2')).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );

    cleanup();
    renderAt('/admin/roomtemplates?search=one');
    await screen.findByText('Template 1');
    expect(screen.queryByRole('navigation', { name: 'Room template pages' })).toBeNull();
  });

  it('creates a template from a name and opens its edit page', async () => {
    const fetch = mockApi((method, url) => {
      if (method === 'PUT') return { body: template };
      if (url.pathname.startsWith('/api/Admin/RoomTemplate/')) return { body: template };
      return { body: listPage(1, 1) };
    });
    const router = renderAt('/admin/roomtemplates');
    fireEvent.click(await screen.findByRole('button', { name: 'New room template' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'B' } });
    await waitFor(() => expect(create.disabled).toBe(true));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Boardroom' } });
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/roomtemplates/${templateId}`),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/Admin/RoomTemplates');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: 'Boardroom' });
  });
});

describe('RoomTemplateEditPage', () => {
  it('validates, keeps allowed teams for the allowlist only, and saves every field', async () => {
    const searches: (string | null)[] = [];
    const fetch = mockApi((method, url, body) => {
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [] };
      if (url.pathname === '/api/Admin/Organizations') {
        searches.push(url.searchParams.get('Filter'));
        return { body: teamPage(url.searchParams.get('Filter') === 'orb' ? [orbit] : []) };
      }
      if (method === 'PATCH') {
        const b = body as { allowedOrganizations: string[] };
        return {
          body: {
            ...template,
            ...(body as object),
            allowedOrganizations: b.allowedOrganizations.map((id) => ({ id, name: 'Orbit' })),
            lastModified: '2025-03-08T09:00:00.000Z',
          },
        };
      }
      return { body: template };
    });
    renderAt(`/admin/roomtemplates/${templateId}`);
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Boardroom');
    // Read-only history in d-M-y H:mm:ss (local time).
    expect(
      screen.getByText(/^\d{1,2}-\d{1,2}-2025 \d{1,2}:\d{2}:09 by Super Admin$/),
    ).toBeVisible();
    expect(screen.getByText('Never')).toBeVisible();

    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(name, { target: { value: 'B' } });
    // Save starts disabled (nothing changed yet): wait for the validation's message instead.
    expect(await screen.findByText('Must be at least 2 characters')).toBeVisible();
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Boardroom XL' } });
    await waitFor(() => expect(save.disabled).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Add capability' }));
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Capability 2' }), {
      target: { value: 'Notes' },
    });
    await waitFor(() => expect(save.disabled).toBe(false));

    const maxUsers = screen.getByLabelText(/^Max users/) as HTMLInputElement;
    fireEvent.change(maxUsers, { target: { value: '' } });
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(maxUsers, { target: { value: '40' } });
    await waitFor(() => expect(save.disabled).toBe(false));

    // Allowed teams: only for OrganizationAllowlist; teams are searched by name.
    const teamsInput = () =>
      screen.getByLabelText('Allowed teams', { selector: 'input' }) as HTMLInputElement;
    expect(teamsInput().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Sharing type', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Organization allowlist' }));
    await waitFor(() => expect(teamsInput().disabled).toBe(false));
    fireEvent.click(teamsInput());
    fireEvent.change(teamsInput(), { target: { value: 'orb' } });
    await waitFor(() => expect(searches).toContain('orb'));
    fireEvent.click(await screen.findByRole('option', { name: 'Orbit' }));

    fireEvent.click(save);
    await screen.findByText('The data has been saved');
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/Admin/RoomTemplates/${templateId}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      name: 'Boardroom XL',
      category: null,
      description: 'A long table.',
      imageUrl: '/room-templates/meeting-room.svg',
      sceneName: 'Boardroom',
      addressableUrlAndroid: null,
      addressableUrlWindows: null,
      addressableUrlMac: null,
      maxUsers: 40,
      persistent: false,
      capabilities: ['Whiteboard', 'Notes'],
      roomSharingType: 'OrganizationAllowlist',
      allowedOrganizations: [teamId],
    });
    // Reloaded from the answer: the team's name, and no longer 'Never' edited.
    await waitFor(() => expect(screen.queryByText('Never')).toBeNull());
    expect(screen.getAllByText('Orbit').length).toBeGreaterThan(0);
  });

  it('marks the fields saved to every room made from the template', async () => {
    mockApi((_, url) =>
      url.pathname === '/api/Users/Me/Organizations' ? { body: [] } : { body: template },
    );
    renderAt(`/admin/roomtemplates/${templateId}`);
    await screen.findByLabelText('Name');
    for (const label of [
      'Category',
      'Image url',
      'Scene name',
      'Max users',
      'Addressable url Mac',
    ]) {
      expect(
        screen.getByLabelText(`${label}* (saved to all rooms created from this template)`),
      ).toBeVisible();
    }
    expect(screen.getByLabelText('Name')).toBeVisible();
    expect(screen.getByLabelText('Description')).toBeVisible();
  });

  it('shows not found for an unknown template', async () => {
    mockApi(() => ({
      status: 404,
      body: { type: 'about:blank', title: 'Not Found', status: 404 },
    }));
    renderAt(`/admin/roomtemplates/${templateId}`);
    expect(await screen.findByText('Room template not found')).toBeVisible();
  });
});
