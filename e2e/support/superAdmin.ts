import type { APIRequestContext, Page } from '@playwright/test';
import { defaultAvatarUrl } from './accounts.ts';
import { admin, expect } from './fixtures.ts';
import { field } from './forms.ts';

/** The bearer header of `email` through the password grant. */
export async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/connect/token', {
    form: {
      grant_type: 'password',
      username: email,
      password,
      scope: 'openid email profile offline_access roles',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/**
 * The run's super admin can use the dashboard: an avatar and a team (otherwise login asks for
 * them first). Answers the super admin's bearer header.
 */
export async function prepareSuperAdmin(request: APIRequestContext) {
  const headers = await tokenFor(request, admin.email, admin.password);
  await request.patch('/api/Users/Me', {
    headers,
    data: { readyPlayerMeAvatar: await defaultAvatarUrl(request) },
  });
  const teams = await request.get('/api/Users/Me/Organizations', { headers });
  if (((await teams.json()) as unknown[]).length === 0) {
    const res = await request.put('/api/Organizations/Register', {
      headers,
      data: { name: 'Platform Team', companyName: 'Roomscale', industry: 'Technology' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return headers;
}

/** Signs the super admin in through the login form, asking to land on `target`. */
export async function logInAsSuperAdmin(page: Page, target: string) {
  await page.goto(`/login?targetRoute=${encodeURIComponent(target)}`);
  await field(page, 'Email').fill(admin.email);
  await field(page, 'Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Closes the success or error modal titled `heading` after checking its text. */
export async function acknowledge(page: Page, heading: string, text?: string) {
  const dialog = page.getByRole('dialog', { name: heading });
  await expect(dialog).toBeVisible();
  if (text) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}
