import { problem } from '@roomscale/shared';
import { endpointOf } from '@roomscale/shared/contract';
import { afterEach } from 'vitest';
import { z } from 'zod';

/**
 * Test fixtures are answers the server could send: each mocked API reply is parsed with the
 * contract's response schema for its status (a problem document for refusals), so a fixture that
 * drifts from the server's schemas fails the test that uses it. A failure inside the mocked fetch
 * would reach the screen as a lost connection, so violations are collected and thrown after the
 * test instead.
 */
const violations: string[] = [];

afterEach(() => {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`Mocked API answers the server could never send:\n${found.join('\n')}`);
});

export function checkFixture(method: string, url: URL, status: number, body: unknown) {
  // The storage protocol (/api/Storage) is Google Cloud Storage's, not part of the contract.
  if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/Storage/')) return;
  const where = `${method} ${url.pathname} ${status}`;
  const e = endpointOf(method, url.pathname);
  if (!e) {
    violations.push(`${where}: no such endpoint in the contract`);
    return;
  }
  if (status === 204) {
    if (body !== undefined) violations.push(`${where}: a 204 answer has no body`);
    return;
  }
  const schema = e.schema.response?.[status] ?? (status >= 400 ? problem : undefined);
  if (!schema) {
    violations.push(`${where}: the contract names no answer with this status`);
    return;
  }
  if (body === undefined && status >= 400) return; // a bare refusal, as a proxy might send
  const parsed = schema.safeParse(body);
  if (!parsed.success) violations.push(`${where}: ${z.prettifyError(parsed.error)}`);
}
