// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, resetBrowser, signedInBrowser } from '../../../test/harness.tsx';
import { platformUsageFixture } from '../../insight/fixtures.ts';
import { renderRoutes } from '../testing.ts';
import { AdminOverviewPage } from './AdminOverviewPage.tsx';

beforeEach(async () => {
  await signedInBrowser();
});
afterEach(() => {
  resetBrowser();
});

describe('AdminOverviewPage', () => {
  it('shows the user and team counts linking to their lists, and the downloads', async () => {
    mockApi((_, url) =>
      url.pathname === '/api/Admin/Usage'
        ? { body: platformUsageFixture() }
        : { body: { usersCount: 1234, organizationsCount: 56, downloadsCount: 7 } },
    );
    renderRoutes([{ path: '/admin', element: <AdminOverviewPage /> }], '/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview…');
    await screen.findByText('56');
    const users = screen.getByRole('link', { name: /^Users/ });
    expect(users.getAttribute('href')).toBe('/admin/users');
    // Grouped by the browser's locale: 1,234 / 1.234 / 1 234.
    expect(users).toHaveTextContent(/^Users1[,.\u00a0\u202f ]?234Manage users$/);
    const teams = screen.getByRole('link', { name: /^Teams/ });
    expect(teams.getAttribute('href')).toBe('/admin/organizations');
    expect(teams).toHaveTextContent('56');
    expect(screen.getByText('Downloads').closest('div.mantine-Card-root')).toHaveTextContent('7');
    expect(screen.queryByRole('link', { name: /^Downloads/ })).toBeNull();
  });

  it('says when the counts could not be loaded and tries again', async () => {
    let fail = true;
    mockApi((_, url) =>
      url.pathname === '/api/Admin/Usage'
        ? { body: platformUsageFixture() }
        : fail
          ? { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } }
          : { body: { usersCount: 3, organizationsCount: 2, downloadsCount: 0 } },
    );
    renderRoutes([{ path: '/admin', element: <AdminOverviewPage /> }], '/admin');
    expect(await screen.findByText('The overview could not be loaded.')).toBeVisible();
    expect(screen.getByText('An unknown error has occurred in the server')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('3');
    expect(screen.getByRole('link', { name: /^Users/ })).toHaveTextContent('Users3Manage users');
  });
});
