// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInMember,
  teamFixture,
} from '../../test/harness.tsx';
import { deviceFixture, devicePage, teamId, teamUsageFixture } from './fixtures.ts';
import { TeamUsagePage } from './TeamUsagePage.tsx';

beforeEach(() => signedInMember(teamFixture({ id: teamId, role: 'Admin' })));
afterEach(() => {
  resetBrowser();
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function api(usage: () => { status?: number; body?: unknown }, devices = devicePage([])) {
  return mockApi((_, url) => {
    if (url.pathname.endsWith('/Usage')) return usage();
    if (url.pathname.endsWith('/Devices')) return { body: devices };
    throw new Error(`unexpected ${url.pathname}`);
  });
}

describe('TeamUsagePage', () => {
  it("shows the team's 12 weeks as charts with tables of their numbers, the period in words", async () => {
    const fetch = api(() => ({ body: teamUsageFixture() }));
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    expect(
      await screen.findByText('12 weeks from Mon 7 Sep to Sun 29 Nov 2026, times in Europe/Berlin'),
    ).toBeVisible();
    const usage = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname.endsWith('/Usage'));
    expect(usage?.pathname).toBe(`/api/Organizations/${teamId}/Usage`);
    expect(usage?.searchParams.get('timeZone')).toBe(zone);

    const active = screen.getByRole('table', { name: /^Active users: 12 weeks/ });
    const rows = within(active).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent(/Mon 7 Sep\s*10$/);
    expect(rows[12]).toHaveTextContent(/Mon 23 Nov\s*21$/);

    const hours = screen.getByRole('table', { name: /^Hours in VR:/ });
    expect(within(hours).getAllByRole('row')[1]).toHaveTextContent(/Mon 7 Sep\s*20\.5$/);

    const meetings = screen.getByRole('table', { name: /^Meetings and attendance:/ });
    expect(within(meetings).getAllByRole('row')[3]).toHaveTextContent(/Mon 21 Sep\s*5\s*14\s*2$/);

    const licenses = screen.getByRole('table', { name: /^Licenses held and used:/ });
    expect(within(licenses).getAllByRole('row')[2]).toHaveTextContent(/Mon 14 Sep\s*40\s*9$/);
  });

  it('shows a table on request', async () => {
    api(() => ({ body: teamUsageFixture() }));
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    const [show] = await screen.findAllByRole('button', { name: 'Show the numbers' });
    fireEvent.click(show as HTMLElement);
    expect(screen.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('downloads the CSV of the same period in the same zone', async () => {
    api(() => ({ body: teamUsageFixture() }));
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    const csvFetch = vi.fn(async () => new Response('weekStart,activeUsers\n2026-09-07,10\n'));
    vi.stubGlobal('fetch', csvFetch);
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = csvFetch.mock.calls[0] as unknown as [string, RequestInit];
    const u = new URL(url, 'http://localhost');
    expect(u.pathname).toBe(`/api/Organizations/${teamId}/Usage.csv`);
    expect(u.searchParams.get('timeZone')).toBe('Europe/Berlin');
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('usage-2026-09-07-2026-11-29.csv');
    click.mockRestore();
  });

  it('says when no use is recorded yet', async () => {
    const empty = teamUsageFixture();
    empty.weeks = empty.weeks.map((w) => ({
      ...w,
      activeUsers: 0,
      licensesUsed: 0,
      secondsInVr: 0,
      meetingsHeld: 0,
      userAttendees: 0,
      guestAttendees: 0,
    }));
    api(() => ({ body: empty }));
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    expect(await screen.findByText('No use recorded yet')).toBeVisible();
    expect(screen.queryByRole('table', { name: /^Active users/ })).toBeNull();
  });

  it('shows a skeleton while loading, then a failure with Try again that loads again', async () => {
    let fail = true;
    api(() => {
      if (fail) return { status: 500, body: { type: 'about:blank', title: 'Boom', status: 500 } };
      return { body: teamUsageFixture() };
    });
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading usage…')).toBe(
      true,
    );
    expect(await screen.findByText('The usage could not be loaded')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Active users/ })).toBeInTheDocument();
  });

  it("lists the team's devices latest seen first, a passed required update highlighted", async () => {
    api(
      () => ({ body: teamUsageFixture() }),
      devicePage([
        deviceFixture(),
        deviceFixture({
          userId: '00000000-0000-4000-8000-0000000000c2',
          userName: 'Alan Turing',
          email: 'alan@example.com',
          deviceName: 'Office PC',
          appVersion: null,
          updateRequired: true,
          isConflicted: true,
          conflictingDeviceName: 'Quest 2 of Alan',
        }),
      ]),
    );
    renderScreen('/team/usage', '/team/usage', <TeamUsagePage />);
    const table = await screen.findByRole('table', { name: 'Devices of the team’s members' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Quest 3 of Ada');
    expect(first).toHaveTextContent('Roomscale/4.2.0');
    expect(first).toHaveTextContent('Holding the seat');
    expect(first).not.toHaveAttribute('data-update-required');
    expect(second).toHaveTextContent('Office PC');
    expect(second).toHaveTextContent('Unknown');
    expect(second).toHaveTextContent('Required update passed');
    expect(second).toHaveTextContent('Conflict with Quest 2 of Alan');
    expect(second).toHaveAttribute('data-update-required');
  });
});
