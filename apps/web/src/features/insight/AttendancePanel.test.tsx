// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, resetBrowser, signedInBrowser } from '../../test/harness.tsx';
import { AttendancePanel } from './AttendancePanel.tsx';
import { attendanceFixture, meetingId, teamId } from './fixtures.ts';

beforeEach(async () => {
  await signedInBrowser();
});
afterEach(() => {
  resetBrowser();
});

const panel = <AttendancePanel teamId={teamId} meetingId={meetingId} />;

describe('AttendancePanel', () => {
  it('lists who joined with first and last seen and for how long, and the invitees who never joined apart', async () => {
    const fetch = mockApi(() => ({ body: attendanceFixture() }));
    renderScreen('/', '/', panel);
    const table = await screen.findByRole('table', { name: 'Who joined' });
    const [, ada, guest] = within(table).getAllByRole('row');
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('ada@example.com');
    expect(ada).toHaveTextContent('53 min');
    expect(guest).toHaveTextContent('guest@example.org');
    expect(guest).toHaveTextContent('Guest');
    expect(guest).toHaveTextContent('30 min');
    const never = screen.getByRole('region', { name: 'Invited, never joined (1)' });
    expect(never).toHaveTextContent('Grace Hopper (grace@example.com)');
    expect(table).not.toHaveTextContent('Grace');
    // On a phone the same people as a list (hidden on this wide screen, as the table on a phone).
    const list = screen.getByRole('list', { name: 'Who joined', hidden: true });
    const [adaItem, guestItem] = within(list).getAllByRole('listitem', { hidden: true });
    expect(adaItem).toHaveTextContent('Ada Lovelace');
    expect(adaItem).toHaveTextContent('53 min');
    expect(adaItem).toHaveTextContent('First seen');
    expect(guestItem).toHaveTextContent('guest@example.org');
    const [url] = fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));
    expect(url?.pathname).toBe(`/api/Organizations/${teamId}/Meetings/${meetingId}/Attendance`);
  });

  it('says when nobody joined and every invitee did', async () => {
    mockApi(() => ({ body: attendanceFixture({ attendees: [], neverJoined: [] }) }));
    renderScreen('/', '/', panel);
    expect(await screen.findByText('Nobody has joined this meeting yet.')).toBeVisible();
    expect(screen.getByText('Every invitee joined.')).toBeVisible();
  });

  it("downloads the CSV named by the meeting code, its times in the viewer's zone", async () => {
    mockApi(() => ({ body: attendanceFixture() }));
    renderScreen('/', '/', panel);
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    const csvFetch = vi.fn(async () => new Response('kind,name\n'));
    vi.stubGlobal('fetch', csvFetch);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url] = csvFetch.mock.calls[0] as unknown as [string];
    const u = new URL(url, 'http://localhost');
    expect(u.pathname).toBe(`/api/Organizations/${teamId}/Meetings/${meetingId}/Attendance.csv`);
    expect(u.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('attendance-123456.csv');
    click.mockRestore();
  });

  it('shows a load failure with Try again', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } }
        : { body: attendanceFixture() },
    );
    renderScreen('/', '/', panel);
    expect(screen.getByRole('status')).toHaveTextContent('Loading attendance…');
    expect(await screen.findByText('The attendance could not be loaded')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Who joined' })).toBeInTheDocument();
  });
});
