import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

const dir = join(import.meta.dirname, '..', 'screenshots');

/**
 * Saves a screenshot to e2e/screenshots/<name>.png (git-ignored) for a person to look at, once
 * the page has settled (no modal or toast mid-transition). By default the full page, scrolled to
 * its top first: a page captured scrolled down shows its sticky header in the middle. A dialog
 * is captured with `{ fullPage: false }`, since its overlay covers the viewport only.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
