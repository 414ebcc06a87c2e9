import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { appRoutes } from '../app/routes.tsx';
import { LocationProbe } from './harness.tsx';

/**
 * Renders `routes` at `url` in a data router (as the app's: useBlocker and loaders work) with the
 * app's providers, dialogs and notifications, and a fresh query client that does not retry.
 * `probe` adds a catch-all route showing where the screen navigated to (LocationProbe).
 */
export function renderRouter(routes: RouteObject[], url: string, { probe = false } = {}) {
  const router = createMemoryRouter(
    probe ? [...routes, { path: '*', element: <LocationProbe /> }] : routes,
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** The /team entries of the app's route table as the app's router builds them (lazy screens). */
export function teamRoutes(): RouteObject[] {
  const team = appRoutes.find((r) => r.path === 'team');
  if (!team) throw new Error('no /team route');
  return [
    {
      path: '/team',
      element: team.element,
      handle: team.flags,
      children: team.children?.map((c) =>
        c.path === '' ? { index: true, element: c.element } : { path: c.path, element: c.element },
      ),
    },
  ];
}
