// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { shellTexts } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryNotFound, notFoundPath } from '../session/notFound.tsx';
import { session } from '../session/session.ts';
import {
  meFixture,
  mockApi,
  storeValidTokens,
  stubBrowser,
  stubFonts,
  teamFixture,
} from '../test/harness.tsx';
import { routeObjects } from './routeTree.tsx';

/** The app's real route tree at `url`, as a full load of that address. */
function renderApp(url: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  render(
    <MantineProvider env="test">
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const notice = () => screen.findByRole('status', { name: shellTexts.notFound.title });

beforeEach(async () => {
  stubBrowser();
  stubFonts();
  localStorage.clear();
  mockApi(() => ({ status: 404 }));
  await session.logout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an unknown path', () => {
  it('redirects a signed-out visitor to login, which says the page was not found', async () => {
    const router = renderApp('/no/such/page?tab=2');
    const alert = await notice();
    expect(router.state.location.pathname).toBe('/login');
    expect(alert).toHaveTextContent(
      'There is no page at /no/such/page?tab=2. You are on the start page instead.',
    );
    // Dismissed for good: the history entry no longer carries it.
    fireEvent.click(screen.getByRole('button', { name: shellTexts.notFound.dismiss }));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: shellTexts.notFound.title })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBeNull();
  });

  it('lands a signed-in user on the dashboard, through team resolution, with the notice', async () => {
    storeValidTokens();
    const me = meFixture();
    mockApi((_m, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [teamFixture()] };
      return { status: 404 };
    });
    const router = renderApp('/dashbaord');
    const alert = await notice();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(alert).toHaveTextContent('There is no page at /dashbaord.');
  });

  it('says nothing on a page reached any other way', async () => {
    const router = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('status', { name: shellTexts.notFound.title })).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the carried address', () => {
  it('is read only from a string under notFound', () => {
    expect(notFoundPath({ notFound: '/x' })).toBe('/x');
    expect(notFoundPath(null)).toBeNull();
    expect(notFoundPath({ notFound: 3 })).toBeNull();
    expect(carryNotFound({ notFound: '/x', other: 1 })).toEqual({ notFound: '/x' });
    expect(carryNotFound(undefined)).toBeUndefined();
  });
});
