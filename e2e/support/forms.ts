import type { Locator, Page } from '@playwright/test';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The input labelled exactly `label`, allowing the required-field asterisk Mantine appends
 * ('Password' matches 'Password' and 'Password *' but not 'Confirm password').
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(labelPattern(label));
}

const labelPattern = (label: string) => new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`);

/** Picks `option` in the select labelled `label`: a native <select> or a Mantine combobox. */
export async function choose(page: Page, label: string, option: string) {
  // Both have the combobox role; Mantine's option list is labelled by the same label.
  const input = page.getByRole('combobox', { name: labelPattern(label) });
  if ((await input.evaluate((el) => el.tagName)) === 'SELECT') {
    await input.selectOption({ label: option });
    return;
  }
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
