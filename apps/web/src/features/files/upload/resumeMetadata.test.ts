// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { metadataKey, sweepResumeMetadata } from './resumable.ts';

afterEach(() => localStorage.clear());

const week = 7 * 24 * 3600 * 1000;

describe('sweepResumeMetadata', () => {
  it('drops upload metadata older than a week (or unreadable) and leaves the rest', () => {
    const now = Date.UTC(2030, 0, 10);
    const meta = (savedAt?: number) =>
      JSON.stringify({
        checksums: [],
        chunkSize: 262144,
        started: true,
        fileSize: 1,
        sessionUrl: 'x',
        savedAt,
      });
    localStorage.setItem(metadataKey('fresh'), meta(now - week + 1000));
    localStorage.setItem(metadataKey('stale'), meta(now - week - 1000));
    localStorage.setItem(metadataKey('undated'), meta());
    localStorage.setItem(metadataKey('broken'), '{');
    localStorage.setItem('roomscale.tokens', 'keep');
    sweepResumeMetadata(localStorage, now);
    expect(Object.keys(localStorage).sort()).toEqual(['roomscale.tokens', metadataKey('fresh')]);
  });
});
