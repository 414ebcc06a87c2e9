// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { shellTexts } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { UserMenu } from './UserMenu.tsx';

const t = shellTexts.userMenu;
const home = teamFixture({ name: 'Home team' });

async function signIn(me = meFixture(), teams = [home]) {
  mockApi((_m, url) => {
    if (url.pathname === '/api/Users/Me') return { body: me };
    if (url.pathname === '/api/Users/Me/Organizations') return { body: teams };
    if (url.pathname === '/api/Users/Me/Invitations') return { body: [] };
    return { status: 404, body: { status: 404, title: 'Not Found' } };
  });
  await session.reloadUser();
  if (teams[0]) session.selectTeam(teams[0]);
}

const renderMenu = () =>
  renderScreen(
    '/files',
    '/files',
    <ModalsProvider>
      <UserMenu />
    </ModalsProvider>,
  );

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
});
afterEach(resetBrowser);

describe("the user menu's 'Create a team'", () => {
  it('follows the teams list and goes to team creation', async () => {
    await signIn();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: t.open }));
    const menu = await screen.findByRole('menu');
    const current = await within(menu).findByRole('menuitem', { name: /Home team/ });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.indexOf(within(menu).getByRole('menuitem', { name: t.createTeam }))).toBe(
      items.indexOf(current) + 1,
    );
    const create = within(menu).getByRole('menuitem', { name: t.createTeam });
    // A link: reachable by the menu's arrow keys and Tab, opened with Enter like any link.
    expect(create.tagName).toBe('A');
    expect(create.getAttribute('href')).toBe('/organization/create');
    fireEvent.click(create);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/organization/create'),
    );
  });

  it('is offered to someone without a team too', async () => {
    await signIn(meFixture({ superAdmin: true }), []);
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: t.open }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText(t.noTeams)).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: t.createTeam })).toBeVisible();
  });
});
