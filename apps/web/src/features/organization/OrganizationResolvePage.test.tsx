// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session.ts';
import { useMyTeams } from '../../app/teams.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedInBrowser,
  teamFixture,
} from '../../test/harness.tsx';
import { OrganizationResolvePage } from './OrganizationResolvePage.tsx';

beforeEach(signedInBrowser);
afterEach(resetBrowser);

/** What the shell's user menu shows next: the teams list, from the same cache. */
function TeamsAfterwards() {
  const teams = useMyTeams();
  return <output>{teams.data?.map((t) => t.name).join(', ')}</output>;
}

describe('OrganizationResolvePage', () => {
  it('asks for the teams once: the page that follows reads them from the cache', async () => {
    const me = meFixture();
    const team = teamFixture({ name: 'Orbit Labs' });
    const fetch = mockApi((_m, url) =>
      url.pathname === '/api/Users/Me' ? { body: me } : { body: [team] },
    );
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
});
