// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import type { Meeting } from '@roomscale/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../session/session.ts';
import {
  fakeClock,
  mockApi,
  renderScreen,
  storeValidTokens,
  stubBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { MeetingsPage } from './MeetingsPage.tsx';
import { meetingFixture, meetingRoomFixture, pageOf } from './testing.ts';

const team = teamFixture();
const listPath = `/api/Organizations/${team.id}/Meetings`;

function api(meetings: Meeting[] | ((url: URL) => Meeting[]), status = 200) {
  return mockApi((method, url) => {
    if (method === 'GET' && url.pathname === listPath) {
      if (status !== 200) return { status, body: { status, title: 'Error', type: 'about:blank' } };
      return { body: pageOf(typeof meetings === 'function' ? meetings(url) : meetings) };
    }
    if (method === 'DELETE' && url.pathname.startsWith(`${listPath}/`)) return { status: 204 };
    return { status: 404 };
  });
}

const listCalls = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), method: init?.method }))
    .filter((c) => c.method === 'GET' && c.url.pathname === listPath)
    .map((c) => Object.fromEntries(c.url.searchParams));

const render = (url = '/meetings') =>
  renderScreen(
    '/meetings',
    url,
    <ModalsProvider>
      <MeetingsPage />
    </ModalsProvider>,
  );

const card = (name: string) => screen.getByRole('article', { name });

/** The description's autosize listens for font loads, which happy-dom does not have. */
beforeEach(() => {
  stubBrowser();
  stubFonts();
  localStorage.clear();
  storeValidTokens();
  act(() => session.selectTeam(team));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => session.selectTeam(null));
});

describe('MeetingsPage', () => {
  it('asks for upcoming meetings, 10 a page, and shows each as a card', async () => {
    const rooms = Array.from({ length: 6 }, (_, i) =>
      meetingRoomFixture({ name: `Room ${i + 1}` }),
    );
    const fetch = api([meetingFixture({ name: 'Design review', rooms })]);
    render();
    const c = await screen.findByRole('article', { name: 'Design review' });
    expect(listCalls(fetch)[0]).toEqual({
      IncludePastMeetings: 'false',
      Page: '1',
      PageSize: '10',
    });
    // 4 thumbnails, then '+2' for the rest.
    expect(c.querySelectorAll('.mantine-Avatar-root').length).toBe(5);
    expect(within(c).getByText('+2')).toBeVisible();
    expect(within(c).getByText('6 rooms')).toBeVisible();
    expect(within(c).getByText('2 participants')).toBeVisible();
    // The tooltips' content is also there for screen readers: names, guest emails, rooms.
    expect(c.textContent).toContain('Ada Lovelace, guest@example.org');
    expect(c.textContent).toContain('Room 1, Room 2, Room 3, Room 4, Room 5, Room 6');
    expect(within(c).getByRole('button', { name: 'Copy meeting code ABCD234' })).toBeVisible();
    expect(within(c).getByRole('button', { name: 'Copy link to launch screen' })).toBeVisible();
    expect(
      within(c)
        .getByRole('link', { name: /Open launch page/ })
        .getAttribute('href'),
    ).toBe('/launch?meeting=ABCD234');
    expect(within(c).getByRole('button', { name: 'Edit meeting' })).toBeVisible();
    expect(within(c).getByRole('button', { name: 'Delete meeting' })).toBeVisible();
  });

  it("shows 'Meeting ended' instead of copy link and launch, and no edit, for ended meetings", async () => {
    api([
      meetingFixture({ name: 'Retro', hasEnded: true, canEdit: false, canDelete: true, rooms: [] }),
      meetingFixture({ name: 'Not mine', canEdit: false, canDelete: false }),
    ]);
    render();
    const ended = await screen.findByRole('article', { name: 'Retro' });
    expect(within(ended).getByText('Meeting ended')).toBeVisible();
    expect(within(ended).getByText('No meeting rooms assigned')).toBeVisible();
    expect(within(ended).queryByRole('button', { name: 'Copy link to launch screen' })).toBeNull();
    expect(within(ended).queryByRole('link', { name: /Open launch page/ })).toBeNull();
    expect(within(ended).queryByRole('button', { name: 'Edit meeting' })).toBeNull();
    expect(within(ended).getByRole('button', { name: 'Delete meeting' })).toBeVisible();
    // Neither moderator nor admin: no edit, no delete.
    const other = card('Not mine');
    expect(within(other).queryByRole('button', { name: 'Edit meeting' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Delete meeting' })).toBeNull();
  });

  it('searches 800 ms after typing stops, and switches to all meetings', async () => {
    const fetch = api((url) =>
      url.searchParams.get('Filter') === 'review' ? [meetingFixture({ name: 'Found' })] : [],
    );
    render();
    expect(await screen.findByText('No upcoming meetings')).toBeVisible();
    const advance = fakeClock();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search meetings' }), {
      target: { value: 'review' },
    });
    await advance(700);
    expect(listCalls(fetch).some((q) => q.Filter)).toBe(false);
    await advance(100);
    expect(
      await screen.findByRole('article', { name: 'Found' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(listCalls(fetch).at(-1)).toMatchObject({ Filter: 'review', Page: '1' });

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() =>
      expect(listCalls(fetch).at(-1)).toMatchObject({
        IncludePastMeetings: 'true',
        Filter: 'review',
      }),
    );
  });

  it('pages through the results', async () => {
    const fetch = mockApi((method, url) =>
      method === 'GET' && url.pathname === listPath
        ? {
            body: {
              ...pageOf([meetingFixture({ name: `Page ${url.searchParams.get('Page')}` })]),
              currentPage: Number(url.searchParams.get('Page')),
              pageCount: 3,
              entryCount: 25,
            },
          }
        : { status: 404 },
    );
    render();
    expect(await screen.findByRole('article', { name: 'Page 1' })).toBeVisible();
    expect(screen.getByText('25 meetings')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: 'Page 2' })).toBeVisible();
    expect(listCalls(fetch).at(-1)).toMatchObject({ Page: '2', PageSize: '10' });
  });

  it('keeps search, filter and page in the address, so a reload or a link shows the same list', async () => {
    const fetch = mockApi((method, url) =>
      method === 'GET' && url.pathname === listPath
        ? {
            body: {
              ...pageOf([meetingFixture({ name: `Page ${url.searchParams.get('Page')}` })]),
              currentPage: Number(url.searchParams.get('Page')),
              pageCount: 3,
              entryCount: 25,
            },
          }
        : { status: 404 },
    );
    render('/meetings?search=review&show=all&page=2');
    expect(await screen.findByRole('article', { name: 'Page 2' })).toBeVisible();
    expect(listCalls(fetch)[0]).toMatchObject({
      Filter: 'review',
      IncludePastMeetings: 'true',
      Page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search meetings' })).toHaveValue('review');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    // Upcoming only: a new filter starts at page 1.
    fireEvent.click(screen.getByRole('radio', { name: 'Upcoming' }));
    expect(await screen.findByRole('article', { name: 'Page 1' })).toBeVisible();
    expect(listCalls(fetch).at(-1)).toMatchObject({ IncludePastMeetings: 'false', Page: '1' });
  });

  it('shows an error with a retry', async () => {
    api([], 500);
    render();
    expect(await screen.findByText('The meetings could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('opens the create modal for ?new=1', async () => {
    api([]);
    render('/meetings?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'New meeting' });
    const create = within(dialog).getByRole('button', { name: 'Create meeting' });
    // Name, participants and rooms are missing: submit stays disabled.
    expect((create as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes after a confirmation', async () => {
    const m = meetingFixture({ name: 'Old sync' });
    const fetch = api([m]);
    render();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Old sync' })).getByRole('button', {
        name: 'Delete meeting',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete meeting' });
    expect(confirm.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u, init]) => init?.method === 'DELETE' && String(u).endsWith(`${listPath}/${m.id}`),
        ),
      ).toBe(true),
    );
  });
});
