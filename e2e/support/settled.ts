import type { Page } from '@playwright/test';

/**
 * Waits until nothing on the page is moving (no CSS transition or animation running) and the
 * browser has painted twice since: what a screenshot or an accessibility scan then sees is what
 * a person reads, not a modal mid-fade.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}
