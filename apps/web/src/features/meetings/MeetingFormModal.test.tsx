// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { meetingMessages } from '@roomscale/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../session/session.ts';
import {
  fakeClock,
  meFixture,
  mockApi,
  renderScreen,
  storeValidTokens,
  stubBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { teamUserFixture, teamUserListFixture } from '../team/fixtures.ts';
import { MeetingsPage } from './MeetingsPage.tsx';
import { meetingFixture, meetingRoomFixture, pageOf, roomFixture } from './testing.ts';

const team = teamFixture({ role: 'Admin' });
const me = meFixture();
const base = `/api/Organizations/${team.id}`;
const boardRoom = roomFixture({ name: 'Board room' });
const auditorium = roomFixture({ name: 'Auditorium', template: true, roomSharingType: 'Public' });
/** The team member the participants' search finds. */
const grace = teamUserFixture(1);

type Saved = { status?: number; body?: unknown };
const existing = meetingFixture({
  name: 'Weekly sync',
  timezoneLabel: 'Europe/Amsterdam',
  rooms: [
    meetingRoomFixture({ id: boardRoom.id, name: 'Board room' }),
    meetingRoomFixture({ name: 'Auditorium', temporary: true, templateId: auditorium.id }),
  ],
});
function api(
  save: Saved = { body: meetingFixture({ meetingCode: 'NEWCODE' }) },
  listed: ReturnType<typeof meetingFixture>[] = [],
) {
  return mockApi((method, url, body) => {
    if (url.pathname === '/api/Users/Me') return { body: me };
    if (method === 'GET' && url.pathname === `${base}/Meetings`) return { body: pageOf(listed) };
    if (method === 'PUT' && url.pathname === `${base}/Meetings`) return save;
    if (method === 'PATCH' && url.pathname === `${base}/Meetings/${existing.id}`) return save;
    if (method === 'POST' && url.pathname === `${base}/Rooms`) {
      const { templateFilter } = body as { templateFilter: string };
      return { body: pageOf(templateFilter === 'Templates' ? [auditorium] : [boardRoom], 24) };
    }
    if (method === 'GET' && url.pathname === `${base}/Users`) {
      return { body: teamUserListFixture([grace], { pageSize: 5 }) };
    }
    return { status: 404 };
  });
}

const puts = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .filter(([u, init]) => init?.method === 'PUT' && String(u).endsWith(`${base}/Meetings`))
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(async () => {
  stubBrowser();
  stubFonts();
  localStorage.clear();
  storeValidTokens();
  api();
  await act(async () => {
    await session.reloadUser();
    session.selectTeam(team);
  });
});
afterEach(async () => {
  cleanup();
  await act(async () => session.logout());
  vi.unstubAllGlobals();
});

async function openForm() {
  renderScreen(
    '/meetings',
    '/meetings?new=1',
    <ModalsProvider>
      <MeetingsPage />
    </ModalsProvider>,
  );
  return screen.findByRole('dialog', { name: 'New meeting' });
}

async function fill(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
    target: { value: 'Design review' },
  });
  const search = within(dialog).getByRole('textbox', { name: /^Add participants/ });
  fireEvent.change(search, { target: { value: 'Guest@Example.org' } });
  fireEvent.keyDown(search, { key: 'Enter' });
  await waitFor(() => expect(within(dialog).getAllByTestId('participant')).toHaveLength(2));

  fireEvent.click(within(dialog).getByRole('button', { name: 'Select rooms' }));
  const picker = await screen.findByRole('dialog', { name: 'Select rooms' });
  fireEvent.click(await within(picker).findByRole('button', { name: /^Board room/ }));
  fireEvent.click(within(picker).getByRole('button', { name: /^Auditorium/ }));
  expect(within(picker).getByText('2 rooms selected')).toBeVisible();
  fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select rooms' })).toBeNull());
}

describe('the meeting form', () => {
  it('starts with the current user as moderator and stays disabled until complete', async () => {
    const dialog = await openForm();
    const rows = within(dialog).getAllByTestId('participant');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('Ada Lovelace');
    const moderator = within(dialog).getByRole('switch', { name: 'Moderator: Ada Lovelace' });
    expect((moderator as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('checkbox', { name: /Email new participants/ })).toHaveProperty(
      'checked',
      true,
    );
    const create = within(dialog).getByRole('button', { name: 'Create meeting' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await fill(dialog);
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
  });

  it('suggests team members from 2 characters and adds them as known users', async () => {
    const fetch = api();
    const dialog = await openForm();
    const search = within(dialog).getByRole('textbox', { name: /^Add participants/ });
    const advance = fakeClock();
    fireEvent.change(search, { target: { value: 'G' } });
    // Long past any debounce: one character never searches.
    await advance(5_000);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/Users?'))).toBe(false);
    fireEvent.change(search, { target: { value: 'Gr' } });
    fireEvent.click(
      await screen.findByRole('option', { name: /Grace Hopper 1/ }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(within(dialog).getAllByTestId('participant')).toHaveLength(2));
    const query = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === `${base}/Users`);
    expect(Object.fromEntries(query!.searchParams)).toEqual({
      Filter: 'Gr',
      Page: '1',
      PageSize: '5',
    });
    // A known user can moderate.
    expect(within(dialog).getByRole('switch', { name: 'Moderator: Grace Hopper 1' })).toBeVisible();
  });

  it('creates the meeting with its rooms, templates and people', async () => {
    const fetch = api();
    const dialog = await openForm();
    await fill(dialog);
    const create = within(dialog).getByRole('button', { name: 'Create meeting' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    const body = puts(fetch)[0];
    expect(body).toMatchObject({
      name: 'Design review',
      description: null,
      emailNewUsers: true,
      existingRooms: [boardRoom.id],
      temporaryRooms: [auditorium.id],
      participants: [
        { email: me.email, userId: me.id, participantType: 'Moderator' },
        { email: 'guest@example.org', userId: null, participantType: 'Participant' },
      ],
    });
    const start = Date.parse(body.startDate);
    expect(new Date(start).getMinutes()).toBe(0);
    expect(start).toBeGreaterThan(Date.now());
    expect(start - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(Date.parse(body.endDate) - start).toBe(3600_000);
    expect(body.timezoneLabel).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New meeting' })).toBeNull());
  });

  it("shows the server's message in an 'Error' modal and keeps what was typed", async () => {
    api({
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request has validation errors.',
        errors: { endDate: [meetingMessages.endInPast] },
      },
    });
    const dialog = await openForm();
    await fill(dialog);
    const create = within(dialog).getByRole('button', { name: 'Create meeting' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain(meetingMessages.endInPast);
    fireEvent.click(within(error).getByRole('button', { name: 'Ok' }));
    const form = screen.getByRole('dialog', { name: 'New meeting' });
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Design review',
    );
    expect(within(form).getAllByTestId('participant')).toHaveLength(2);
    expect(within(form).getByText('Board room')).toBeVisible();
  });

  it("edits a meeting: its times on its own clock, kept rooms, a template's room deselected", async () => {
    const fetch = api({ body: existing }, [existing]);
    renderScreen(
      '/meetings',
      '/meetings',
      <ModalsProvider>
        <MeetingsPage />
      </ModalsProvider>,
    );
    const card = await screen.findByRole('article', { name: 'Weekly sync' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit meeting' });
    // 08:00 UTC is 10:00 in Amsterdam in July.
    expect(within(dialog).getByDisplayValue('10')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change rooms' }));
    const picker = await screen.findByRole('dialog', { name: 'Select rooms' });
    const template = await within(picker).findByRole('button', { name: /^Auditorium/ });
    expect(template.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(template);
    fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Weekly sync',
      startDate: '2099-07-01T08:00:00.000Z',
      endDate: '2099-07-01T09:00:00.000Z',
      timezoneLabel: 'Europe/Amsterdam',
      rooms: [boardRoom.id],
      newTemporaryRooms: [],
    });
  });
});
