import { seedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { admin, expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { screenshot } from './support/screenshot.ts';
import { tokenFor } from './support/superAdmin.ts';

/**
 * The team step (issue 24 §5 and §6). A super admin without a team goes on to the admin area,
 * which needs none (part1 §2), and the team step offers them the way there and to log out; the
 * team switcher offers 'Create a team' to anyone, by mouse and keyboard.
 *
 * The run's super admin is given a team by other journeys (support/superAdmin.ts), so this one
 * makes a super admin of its own: a new account, made super admin by the run's one via the API.
 */

/** Gives the account of `headers` the default avatar, so login does not ask for one. */
async function defaultAvatar(request: Parameters<typeof seedUser>[0], headers: object) {
  const config = (await (await request.get('/api/Config')).json()) as { defaultAvatarUrl: string };
  const res = await request.patch('/api/Users/Me', {
    headers: headers as Record<string, string>,
    data: { readyPlayerMeAvatar: new URL(config.defaultAvatarUrl, 'http://x').href },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function teamlessSuperAdmin(
  request: Parameters<typeof seedUser>[0],
  mailbox: Parameters<typeof seedUser>[1],
) {
  const user = await seedUser(request, mailbox, {
    prefix: 'teamless-admin',
    firstName: 'Margaret',
    lastName: 'Hamilton',
  });
  const own = await tokenFor(request, user.email, user.password);
  await defaultAvatar(request, own);
  const me = (await (await request.get('/api/Users/Me', { headers: own })).json()) as {
    id: string;
  };
  const made = await request.patch(`/api/Admin/Users/${me.id}`, {
    headers: await tokenFor(request, admin.email, admin.password),
    data: {
      firstName: user.firstName,
      lastName: user.lastName,
      superAdmin: true,
      hasManualUserSubscription: false,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const teams = await request.get('/api/Users/Me/Organizations', { headers: own });
  expect(await teams.json()).toEqual([]);
  return user;
}

async function signIn(page: Page, email: string, password: string, target?: string) {
  await page.goto(target ? `/login?targetRoute=${encodeURIComponent(target)}` : '/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const userMenu = (page: Page) => page.getByRole('button', { name: 'Open user menu' });

test('a super admin without a team goes on to the admin area, and the team step leads there too', async ({
  page,
  request,
  mailbox,
}) => {
  const user = await teamlessSuperAdmin(request, mailbox);

  // The admin page asked for opens, with the navbar and its user menu.
  await signIn(page, user.email, user.password, '/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
  await expect(userMenu(page)).toContainText('No team selected');
  await screenshot(page, 'team-step-super-admin-admin-users');

  // Logged out and in again without a page asked for: the admin overview, not 'Create a Team'.
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: /^Users\s*\d/ })).toBeVisible();

  // A team's page asked for: the team step, which offers the admin area and logging out.
  await page.getByRole('link', { name: 'Rooms', exact: true }).first().click();
  await expect(page).toHaveURL('/organization/create?targetRoute=%2Frooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Team' })).toBeVisible();
  await expect(page.getByText('No team needed for the admin area')).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await screenshot(page, 'team-step-super-admin-create');
  await expectAccessible(page, 'team-step-super-admin-create');
  await page.getByRole('link', { name: 'Go to the admin area' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The team step's 'Log out' ends the session like the user menu's.
  await page.goto('/organization/create');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL('/login?targetRoute=%2Fadmin');
});

test("the team switcher's 'Create a team' opens team creation, by mouse and by keyboard", async ({
  page,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, {
    prefix: 'second-team',
    team: 'First Crew',
  });
  await defaultAvatar(request, await tokenFor(request, user.email, user.password));
  await logIn(page, user.email, user.password);

  await userMenu(page).click();
  const create = page.getByRole('menuitem', { name: 'Create a team' });
  await expect(create).toBeVisible();
  await screenshot(page, 'team-step-switcher-open', { fullPage: false });
  await create.click();
  await expect(page).toHaveURL(/\/organization\/create$/);
  await expect(page.getByText('Or create a new team')).toBeVisible();
  // Back to the current team from the list, then the same by keyboard only.
  await page.getByRole('button', { name: /First Crew/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await userMenu(page).focus();
  await page.keyboard.press('Enter');
  await expect(create).toBeVisible();
  let reached = false;
  for (let i = 0; i < 8 && !reached; i += 1) {
    await page.keyboard.press('ArrowDown');
    reached = await create.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/organization\/create$/);

  // A second team is created from there and becomes the current one.
  await field(page, 'Team name').fill('Second Crew');
  await field(page, 'Company name').fill('Second Crew Ltd');
  await choose(page, 'Industry', 'Technology');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(userMenu(page)).toContainText('Second Crew');
});
