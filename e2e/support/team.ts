import type { Page } from '@playwright/test';

/** The /team section tabs (Users, Subscription, Details, Single sign-on). */
export const teamTabs = (page: Page) => page.getByRole('navigation', { name: 'Team sections' });

/** Opens one of the team's tabs by its name, as a person clicks it. */
export async function openTeamTab(page: Page, name: string) {
  await teamTabs(page).getByRole('link', { name }).click();
}
