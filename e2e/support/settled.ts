import type { Page } from '@playwright/test';

/**
 * Waits until no transition or finite animation is running (a loader's endless spin does not
 * count: it never ends) and the browser has painted twice since: what a screenshot or an
 * accessibility scan then sees is what a person reads, not a modal mid-fade.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}
