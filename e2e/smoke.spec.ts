import { expect, isCspViolation, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';

test.describe('smoke', () => {
  test('the server is alive and ready', async ({ request }) => {
    const live = await request.get('/livez');
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  test('the OpenAPI document is JSON', async ({ request }) => {
    const res = await request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Roomscale API');
  });

  test('unknown API paths answer with a problem document, not the web app', async ({ request }) => {
    const res = await request.get('/api/no-such-route');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/problem+json');
  });

  test('the web app loads under its Content-Security-Policy', async ({ page, consoleErrors }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page).toHaveTitle(/Roomscale Dashboard/);
    // The app rendered something into its root.
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'smoke-index');
    expect(consoleErrors.filter(isCspViolation)).toEqual([]);
  });

  test('deep paths are served the web app', async ({ page }) => {
    const response = await page.goto('/some/deep/path');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Roomscale Dashboard/);
  });
});
