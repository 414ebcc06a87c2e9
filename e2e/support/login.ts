import { expect, type Page } from '@playwright/test';
import { field } from './forms.ts';

/** Signs in through the login form and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A new account's first steps after signing in: accept the terms, then skip the avatar. Waits
 * for `landing`, where the guard sends the person next.
 */
export async function acceptTermsAndSkipAvatar(page: Page, landing: RegExp = /\/dashboard$/) {
  const terms = page.getByRole('dialog', { name: 'Our terms and privacy policy' });
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(terms).toBeHidden();
  await expect(page).toHaveURL(/\/create-avatar/);
  await page.getByRole('button', { name: 'Skip avatar creation' }).click();
  await expect(page).toHaveURL(landing);
}
