// @vitest-environment happy-dom
import type { Meeting } from '@roomscale/shared';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../session/session.ts';
import {
  mockApi,
  renderScreen,
  storeValidTokens,
  stubBrowser,
  teamFixture,
} from '../../test/harness.tsx';
import { MeetingsPanel } from './MeetingsPanel.tsx';
import { meetingFixture, pageOf } from './testing.ts';

const team = teamFixture();
const listPath = `/api/Organizations/${team.id}/Meetings`;
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

function api(meetings: Meeting[]) {
  return mockApi((method, url) =>
    method === 'GET' && url.pathname === listPath ? { body: pageOf(meetings, 5) } : { status: 404 },
  );
}

beforeEach(() => {
  stubBrowser();
  storeValidTokens();
  act(() => session.selectTeam(team));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => session.selectTeam(null));
});

describe('MeetingsPanel', () => {
  it('asks for 5 upcoming or ongoing meetings; an ongoing one offers Join now in a new tab', async () => {
    const fetch = api([
      meetingFixture({
        name: 'Stand-up',
        meetingCode: 'STND234',
        startDate: minutes(-10),
        endDate: minutes(50),
      }),
      meetingFixture({
        name: 'Design review',
        meetingCode: 'DSGN567',
        startDate: minutes(60),
        endDate: minutes(120),
      }),
    ]);
    renderScreen('/dashboard', '/dashboard', <MeetingsPanel />);
    const items = await screen.findAllByRole('listitem');
    const query = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      IncludePastMeetings: 'false',
      Page: '1',
      PageSize: '5',
    });

    const [ongoing, upcoming] = items;
    expect(ongoing?.textContent).toContain('Ongoing:');
    expect(ongoing?.textContent).toContain('Stand-up');
    expect(ongoing?.textContent).toContain('STND234');
    const join = within(ongoing!).getByRole('link', { name: /^Join now/ });
    expect(join.getAttribute('href')).toBe('/launch?meeting=STND234');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');

    expect(upcoming?.textContent).not.toContain('Ongoing:');
    expect(upcoming?.textContent).toContain('DSGN567');
    expect(within(upcoming!).queryByRole('link', { name: /^Join now/ })).toBeNull();

    // Creating goes to /meetings with the large create modal.
    expect(screen.getByRole('link', { name: 'New meeting' }).getAttribute('href')).toBe(
      '/meetings?new=1',
    );
  });

  it('has an empty state', async () => {
    api([]);
    renderScreen('/dashboard', '/dashboard', <MeetingsPanel />);
    expect(await screen.findByText('No upcoming meetings')).toBeVisible();
  });
});
