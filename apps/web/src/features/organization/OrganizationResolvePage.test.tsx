// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fileLimits, meetingLimits } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The app starts the screen team resolution goes on to, as the frame does in the running app.
import '../../app/screenStart.ts';
import { session } from '../../session/session.ts';
import { useMyTeams } from '../../session/teams.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedInBrowser,
  teamFixture,
} from '../../test/harness.tsx';
import { useLatestFiles } from '../files/api.ts';
import { dashboardMeetingParams, useMeetings } from '../meetings/api.ts';
import { pageOf } from '../meetings/testing.ts';
import { OrganizationResolvePage } from './OrganizationResolvePage.tsx';

beforeEach(signedInBrowser);
afterEach(resetBrowser);

/** What the shell's user menu shows next: the teams list, from the same cache. */
function TeamsAfterwards() {
  const teams = useMyTeams();
  return <output>{teams.data?.map((t) => t.name).join(', ')}</output>;
}

/** The dashboard's two panels' data, through the panels' own hooks. */
function DashboardData({ teamId, onRender }: { teamId: string; onRender: () => void }) {
  onRender();
  const meetings = useMeetings(dashboardMeetingParams, meetingLimits.dashboardPageSize);
  const files = useLatestFiles(teamId, fileLimits.dashboardPageSize);
  return <output>{meetings.data && files.data ? 'loaded' : 'loading'}</output>;
}

describe('OrganizationResolvePage', () => {
  it('asks for the teams once: the page that follows reads them from the cache', async () => {
    const me = meFixture();
    const team = teamFixture({ name: 'Orbit Labs' });
    const fetch = mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
      // The dashboard's first calls, started once the team is known.
      return { body: pageOf([]) };
    });
    await session.ensure();
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/organization/resolve?targetRoute=%2Fdashboard']}>
            <Routes>
              <Route path="/organization/resolve" element={<OrganizationResolvePage />} />
              <Route path="/dashboard" element={<TeamsAfterwards />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Orbit Labs')).toBeVisible();
    expect(session.get().team?.id).toBe(team.id);
    const teamCalls = fetch.mock.calls.filter(([u]) =>
      String(u).endsWith('/api/Users/Me/Organizations'),
    );
    expect(teamCalls).toHaveLength(1);
  });

  it('a cached login asks for the user and the teams at once, and resolution takes that answer', async () => {
    const me = meFixture();
    const team = teamFixture({ name: 'Orbit Labs' });
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/Users/Me') return meAnswered.then(() => ({ body: me }));
      return { body: [team] };
    });
    const login = session.ensure();
    // The user's answer is still outstanding, and the teams are already asked for.
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) => String(u).endsWith('/api/Users/Me/Organizations')),
      ).toBe(true),
    );
    answerMe();
    expect(await login).toBe(true);
    expect(await session.loadTeams()).toEqual([team]);
    const teamCalls = fetch.mock.calls.filter(([u]) =>
      String(u).endsWith('/api/Users/Me/Organizations'),
    );
    expect(teamCalls).toHaveLength(1);
  });

  it("starts the dashboard's calls as soon as the team is known, and the dashboard takes them", async () => {
    const me = meFixture();
    const team = teamFixture({ name: 'Orbit Labs' });
    const fetch = mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
      if (url.pathname.endsWith('/Meetings')) {
        return { body: pageOf([], 5) };
      }
      return { body: pageOf([], 12) };
    });
    const teamCalls = () =>
      fetch.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost').pathname)
        .filter((p) => p.startsWith(`/api/Organizations/${team.id}/`));
    await session.ensure();
    let seenAtFirstRender: string[] | null = null;
    const firstRender = () => {
      seenAtFirstRender ??= teamCalls();
    };
    render(
      <MantineProvider env="test">
        <QueryClientProvider
          client={
            new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })
          }
        >
          <MemoryRouter initialEntries={['/organization/resolve?targetRoute=%2Fdashboard']}>
            <Routes>
              <Route path="/organization/resolve" element={<OrganizationResolvePage />} />
              <Route
                path="/dashboard"
                element={<DashboardData teamId={team.id} onRender={firstRender} />}
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('loaded')).toBeVisible();
    const expected = [
      `/api/Organizations/${team.id}/Meetings`,
      `/api/Organizations/${team.id}/File`,
    ];
    // Both were on their way before the dashboard first rendered, and neither was asked twice.
    expect([...(seenAtFirstRender ?? [])].sort()).toEqual([...expected].sort());
    await waitFor(() => expect(teamCalls().sort()).toEqual([...expected].sort()));
  });
});
