import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * Scans what `page` shows with axe-core against WCAG 2.1 A and AA and fails on any violation,
 * naming the rule, its impact and the first offending elements. `where` names the screen in
 * the failure message.
 */
export async function expectAccessible(page: Page, where: string) {
  // Colours mid-transition (a toast or modal fading in) are not what a person reads.
  await settled(page);
  let found = await violations(page);
  // A toast that starts to fade in during the scan is caught mid-transition: a violation
  // counts when a second scan, on a settled page again, still finds it.
  if (found.length > 0) {
    await settled(page);
    found = await violations(page);
  }
  expect(found, `accessibility violations on ${where}`).toEqual([]);
}

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? n.failureSummary ?? ''}]`)
        .join(' | ')}`,
  );
}
