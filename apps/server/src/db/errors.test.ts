import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http/problem.ts';
import { createTestApp } from '../test/harness.ts';
import { conflictWhenGone, sqlState } from './errors.ts';
import { meetingRooms } from './schema.ts';

describe('database errors', () => {
  it('reads the SQLSTATE through wrappers', () => {
    expect(sqlState({ code: '23503' })).toBe('23503');
    expect(sqlState(new Error('x', { cause: { code: '23505' } }))).toBe('23505');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState({ code: 'ECONNRESET' })).toBeUndefined();
  });

  it('turns a write to a vanished row into a 409, and lets other errors through', async () => {
    const t = await createTestApp();
    try {
      const missing = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
      const write = () =>
        conflictWhenGone('Gone meanwhile.', () =>
          t.ctx.db.insert(meetingRooms).values({ meetingId: missing, roomId: missing }),
        );
      await expect(write()).rejects.toMatchObject({ status: 409, detail: 'Gone meanwhile.' });
      await expect(write()).rejects.toBeInstanceOf(HttpError);
      await expect(
        conflictWhenGone('x', async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
    } finally {
      await t.close();
    }
  });
});
