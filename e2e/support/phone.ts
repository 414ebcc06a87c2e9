import { expect, type Page } from '@playwright/test';

/** The phone the journeys check every main screen on (issue 13). */
export const phone = { width: 390, height: 844 };

/** Nothing on the page is wider than the viewport: a phone user never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways at ${clientWidth}px`).toBeLessThanOrEqual(
    clientWidth,
  );
}
