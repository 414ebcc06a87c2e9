// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import type { Room, RoomPage } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { RoomsPage } from './RoomsPage.tsx';

const team = teamFixture({ role: 'Admin' });
const roomsPath = `/api/Organizations/${team.id}/Rooms`;

let seq = 0;
function roomFixture(overrides: Partial<Room> = {}): Room {
  seq += 1;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    roomId: id,
    name: `Room ${seq}`,
    description: 'A room',
    category: null,
    imageUrl: null,
    sceneName: 'Scene',
    addressableUrlAndroid: null,
    addressableUrlWindows: null,
    addressableUrlMac: null,
    maxUsers: 12,
    persistent: false,
    capabilities: [],
    roomSharingType: 'OwnerOrganization',
    template: false,
    templateId: null,
    userOwnerId: null,
    organizationOwnerId: team.id,
    staticRoomDataAmount: 0,
    dynamicRoomDataAmount: 0,
    canManage: true,
    created: '2025-01-01T10:00:00.000Z',
    createdBy: null,
    lastModified: null,
    lastModifiedBy: null,
    ...overrides,
  };
}

function page(results: Room[], currentPage = 1, pageCount = 1): RoomPage {
  return {
    currentPage,
    pageCount,
    pageSize: 24,
    entryCount: pageCount * 24,
    firstRowOnPage: 1,
    lastRowOnPage: results.length,
    results,
  };
}

type Body = { templateFilter: string; shareTypeFilter: string[]; page: number };

function render(url = '/rooms') {
  return renderScreen(
    '/rooms',
    url,
    <ModalsProvider>
      <RoomsPage />
    </ModalsProvider>,
  );
}

const listBodies = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([u, init]) => String(u).endsWith(roomsPath) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Body);

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  session.selectTeam(team);
});
afterEach(() => {
  resetBrowser();
});

describe('RoomsPage', () => {
  it('lists with the default filters, and a filter change starts again at page 1', async () => {
    const fetch = mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === roomsPath) {
        const b = body as Body;
        return { body: page([roomFixture({ name: `${b.templateFilter} ${b.page}` })], b.page, 2) };
      }
      return { status: 404 };
    });
    render();
    expect(await screen.findByText('Rooms 1')).toBeVisible();
    expect(listBodies(fetch)[0]).toEqual({
      templateFilter: 'Rooms',
      shareTypeFilter: ['OwnerOrganization', 'OwnerUser'],
      page: 1,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Rooms 2')).toBeVisible();
    expect(listBodies(fetch).at(-1)?.page).toBe(2);

    fireEvent.click(screen.getByRole('radio', { name: 'Templates' }));
    expect(await screen.findByText('Templates 1')).toBeVisible();
    expect(listBodies(fetch).at(-1)).toEqual({
      templateFilter: 'Templates',
      shareTypeFilter: ['OwnerOrganization', 'OwnerUser'],
      page: 1,
    });

    fireEvent.click(screen.getByRole('checkbox', { name: 'All' }));
    await waitFor(() =>
      expect(listBodies(fetch).at(-1)).toEqual({
        templateFilter: 'Templates',
        shareTypeFilter: [],
        page: 1,
      }),
    );
  });

  it('reads the filters from the address, so a reload or a link shows the same rooms', async () => {
    const fetch = mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === roomsPath) {
        const b = body as Body;
        return { body: page([roomFixture({ name: `${b.templateFilter} ${b.page}` })], b.page, 1) };
      }
      return { status: 404 };
    });
    render('/rooms?sharing=Private&type=All');
    expect(await screen.findByText('All 1')).toBeVisible();
    expect(listBodies(fetch)[0]).toEqual({
      templateFilter: 'All',
      shareTypeFilter: ['OwnerUser'],
      page: 1,
    });
    expect(screen.getByRole('checkbox', { name: 'Private' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Team' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('shows a failed load with the error text and tries again on request', async () => {
    let calls = 0;
    mockApi(() => {
      calls += 1;
      return calls === 1 ? { status: 503 } : { body: page([roomFixture({ name: 'Back' })]) };
    });
    render();
    expect(await screen.findByText('The rooms could not be loaded.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeVisible();
  });

  it("shows the admin's empty state with an enabled add button", async () => {
    mockApi(() => ({ body: page([], 1, 0) }));
    render();
    expect(await screen.findByText('No rooms found.')).toBeVisible();
    expect(screen.getByText('create a room or remove filter')).toBeVisible();
    const add = screen.getAllByRole('button', { name: 'Add room' })[0]!;
    expect(add.getAttribute('aria-disabled')).toBeNull();
  });

  it("shows a member's empty state and a disabled add button that opens nothing", async () => {
    session.selectTeam(teamFixture({ role: 'User' }));
    mockApi(() => ({ body: page([], 1, 0) }));
    render();
    expect(await screen.findByText('No rooms found.')).toBeVisible();
    expect(screen.getByText('Request your team admin to create a room')).toBeVisible();
    expect(screen.queryByText('create a room or remove filter')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add room' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a room: templates read to the last page, prefill, then the call', async () => {
    const lounge = roomFixture({
      name: 'Lounge',
      description: 'A relaxed corner.',
      template: true,
      roomSharingType: 'Public',
      organizationOwnerId: null,
      canManage: false,
    });
    const gallery = roomFixture({
      name: 'Gallery',
      description: 'Walls for images.',
      template: true,
      roomSharingType: 'Public',
      organizationOwnerId: null,
      canManage: false,
    });
    const fetch = mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === roomsPath) {
        const b = body as Body;
        if (b.templateFilter !== 'Templates') return { body: page([], 1, 0) };
        return { body: b.page === 1 ? page([lounge], 1, 2) : page([gallery], 2, 2) };
      }
      if (method === 'PUT' && url.pathname === roomsPath) {
        return { body: roomFixture({ name: (body as { name: string }).name }) };
      }
      return { status: 404 };
    });
    render();
    await screen.findByText('No rooms found.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add room' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // Both pages of templates are read.
    await within(dialog).findByRole('radio', { name: 'Gallery' });
    expect(listBodies(fetch).filter((b) => b.templateFilter === 'Templates')).toEqual([
      { templateFilter: 'Templates', shareTypeFilter: [], page: 1 },
      { templateFilter: 'Templates', shareTypeFilter: [], page: 2 },
    ]);

    const create = within(dialog).getByRole('button', { name: 'Create room' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    const description = within(dialog).getByLabelText('Description') as HTMLTextAreaElement;

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Lounge' }));
    await waitFor(() => expect(name.value).toBe('Lounge'));
    expect(description.value).toBe('A relaxed corner.');
    await waitFor(() => expect(create.disabled).toBe(false));

    fireEvent.change(name, { target: { value: 'Strategy room' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gallery' }));
    await waitFor(() => expect(description.value).toBe('Walls for images.'));
    expect(name.value).toBe('Strategy room');

    fireEvent.click(within(dialog).getByRole('radio', { name: /Private room/ }));
    fireEvent.click(create);
    await screen.findByText("The room 'Strategy room' has been created.");
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      templateOrClonedRoomId: gallery.id,
      name: 'Strategy room',
      description: 'Walls for images.',
      sharingType: 'OwnerUser',
    });
  });

  it('keeps the add form as typed and shows the server message when the call fails', async () => {
    const lounge = roomFixture({ name: 'Lounge', template: true, roomSharingType: 'Public' });
    mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === roomsPath) {
        const b = body as Body;
        return { body: page(b.templateFilter === 'Templates' ? [lounge] : [], 1, 1) };
      }
      return {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'The room template or room to copy from was not found.',
        },
      };
    });
    render();
    await screen.findByText('No rooms found.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add room' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Lounge' }));
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'My room' } });
    const create = within(dialog).getByRole('button', { name: 'Create room' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect(
      await screen.findByText('The room template or room to copy from was not found.'),
    ).toBeVisible();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    expect(name.value).toBe('My room');
    expect(screen.getByRole('radio', { name: 'Lounge' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows edit controls only when the room can be managed, and saves an edit', async () => {
    const own = roomFixture({ name: 'Ours' });
    const product = roomFixture({
      name: 'Lounge',
      template: true,
      roomSharingType: 'Public',
      organizationOwnerId: null,
      canManage: false,
    });
    const fetch = mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === roomsPath) return { body: page([own, product]) };
      if (method === 'PATCH') return { body: { ...own, ...(body as object) } };
      return { status: 404 };
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Lounge' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /Launch/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Open Ours' }));
    dialog = await screen.findByRole('dialog');
    const launch = within(dialog).getByRole('link', { name: /Launch/ });
    expect(launch.getAttribute('href')).toBe(
      `/launch?room=${own.id}&room-name=Ours&room-type=team`,
    );
    expect(launch.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(name, { target: { value: '' } });
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(name, { target: { value: 'Ours, renamed' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText("The room 'Ours, renamed' has been saved.");
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toContain(`${roomsPath}/${own.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      name: 'Ours, renamed',
      description: 'A room',
      sharingType: 'OwnerOrganization',
      persistent: true,
    });
  });
});
