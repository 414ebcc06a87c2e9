// @vitest-environment happy-dom
import { meetingMessages } from '@roomscale/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, stubBrowser } from '../../test/harness.tsx';
import { meetingRoomFixture } from '../meetings/testing.ts';
import { LaunchPage } from './LaunchPage.tsx';

const times = { startDate: '2099-07-01T08:00:00.000Z', endDate: '2099-07-01T09:00:00.000Z' };

function api(lookup: { status?: number; body: unknown }) {
  return mockApi((_method, url) =>
    url.pathname.startsWith('/api/Meetings/') ? lookup : { status: 404 },
  );
}

const render = (url: string) => renderScreen('/launch', url, <LaunchPage />);
const heading = () => screen.findByRole('heading', { level: 1 });

beforeEach(() => {
  stubBrowser();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LaunchPage', () => {
  it("shows 'Upcoming meeting' with the time range, the code and the deep link, without signing in", async () => {
    const fetch = api({
      body: { meetingDetail: null, message: meetingMessages.upcoming, error: 20, ...times },
    });
    render('/launch?meeting=abcd-234');
    expect((await heading()).textContent).toBe('Upcoming meeting');
    // The code is normalised before the lookup; no token is sent.
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/Meetings/ABCD234');
    expect((init?.headers ?? {}) as Record<string, string>).not.toHaveProperty('authorization');
    expect(screen.getByTestId('meeting-code').textContent).toBe('ABCD234');
    expect(screen.getByRole('button', { name: 'Copy meeting code' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Launch Roomscale' }).getAttribute('href')).toBe(
      'roomscale://meeting/ABCD234',
    );
    expect(document.body.textContent).toMatch(/2099/);
  });

  it("shows 'Meeting has concluded' and hides the copy icon and the launch button", async () => {
    api({ body: { meetingDetail: null, message: meetingMessages.concluded, error: 30, ...times } });
    render('/launch?meeting=ABCD234');
    expect((await heading()).textContent).toBe('Meeting has concluded');
    expect(screen.getByTestId('meeting-code').textContent).toBe('ABCD234');
    expect(screen.queryByRole('button', { name: 'Copy meeting code' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Launch Roomscale' })).toBeNull();
  });

  it('shows the name and the current room of a running meeting', async () => {
    const lobby = meetingRoomFixture({ name: 'Lobby' });
    const hall = meetingRoomFixture({ name: 'Hall' });
    api({
      body: {
        meetingDetail: {
          meetingId: '11111111-1111-4111-8111-111111111111',
          name: 'Stand-up',
          meetingCode: 'ABCD234',
          ...times,
          hasEnded: false,
          currentMeetingRoomId: hall.id,
          rooms: [lobby, hall],
        },
        message: 'The meeting is in progress.',
        error: 0,
        ...times,
      },
    });
    render('/launch?meeting=ABCD234');
    expect((await heading()).textContent).toBe('Stand-up');
    expect(screen.getByText('Room: Hall')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy meeting code' })).toBeVisible();
  });

  it('says when no meeting has the code, and offers to enter another', async () => {
    api({
      status: 404,
      body: {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: meetingMessages.notFound,
        meetingDetail: null,
        message: meetingMessages.notFound,
        error: 10,
        startDate: null,
        endDate: null,
      },
    });
    render('/launch?meeting=ZZZZZZZ');
    expect((await heading()).textContent).toBe('Meeting not found');
    expect(screen.getByText(new RegExp(meetingMessages.notFound))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Find meeting' })).toBeVisible();
  });

  it('shows a room with its deep link', async () => {
    const fetch = api({ body: {} });
    render('/launch?room=22222222-2222-4222-8222-222222222222&room-name=Board%20room');
    expect((await heading()).textContent).toBe('Board room');
    expect(screen.getByRole('link', { name: 'Launch Roomscale' }).getAttribute('href')).toBe(
      'roomscale://room/22222222-2222-4222-8222-222222222222',
    );
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/Meetings/'))).toBe(false);
  });

  it("names the room's kind from the address, and says just 'Room' when it does not say", async () => {
    api({ body: {} });
    const room = '22222222-2222-4222-8222-222222222222';
    render(`/launch?room=${room}&room-name=Desk&room-type=private`);
    expect((await heading()).textContent).toBe('Desk');
    expect(screen.getByText('Private room')).toBeVisible();
    expect(screen.getByText('Join the private room Desk.')).toBeVisible();
    expect(screen.queryByText('Team room')).toBeNull();
    cleanup();

    render(`/launch?room=${room}&room-name=Hall&room-type=team`);
    expect((await heading()).textContent).toBe('Hall');
    expect(screen.getByText('Team room')).toBeVisible();
    cleanup();

    render(`/launch?room=${room}&room-name=Hall&room-type=bogus`);
    expect((await heading()).textContent).toBe('Hall');
    expect(screen.getByText('Room')).toBeVisible();
    expect(screen.queryByText('Team room')).toBeNull();
  });
});
