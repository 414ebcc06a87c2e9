import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

const dir = join(import.meta.dirname, '..', 'screenshots');

/**
 * Saves a full-page screenshot to e2e/screenshots/<name>.png (git-ignored) for a person to look
 * at, once the page has settled (no modal or toast mid-transition).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await settled(page);
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
