import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileItems,
  meetingParticipants,
  meetings,
  organizations,
  rooms,
  usageMemberDays,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addRoom, team } from '../../test/workspace.ts';
import { deepestFirst, deleteTeamContents } from './teamContents.ts';

describe('deepestFirst', () => {
  it('puts every item before its folder, however the rows come', () => {
    // a ← b ← c ← d, a ← e, f alone, g under a folder not listed (another team's, or gone).
    const items = [
      { id: 'a', parentId: null },
      { id: 'd', parentId: 'c' },
      { id: 'b', parentId: 'a' },
      { id: 'e', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'f', parentId: null },
      { id: 'g', parentId: 'elsewhere' },
    ];
    const order = deepestFirst(items);
    expect([...order].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const { id, parentId } of items) {
      if (parentId && order.includes(parentId)) {
        expect(order.indexOf(id), `${id} before ${parentId}`).toBeLessThan(order.indexOf(parentId));
      }
    }
    expect(order[0]).toBe('d');
  });

  it('walks a chain of 20,000 folders without running out of stack', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => ({
      id: `f${i}`,
      parentId: i === 0 ? null : `f${i - 1}`,
    }));
    const order = deepestFirst(chain.reverse());
    expect(order[0]).toBe('f19999');
    expect(order.at(-1)).toBe('f0');
  });
});

describe('deleteTeamContents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const countOf = async (
    table: typeof fileItems | typeof meetings | typeof rooms | typeof usageMemberDays,
    organizationId: string,
  ) => {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(table)
      .where(eq(table.organizationId, organizationId));
    return row?.n ?? 0;
  };

  it("deletes a team's files, meetings, rooms and usage totals in small statements, and only that team's", async () => {
    const doomed = await team(t, 'Doomed');
    const stays = await team(t, 'Stays');
    for (const w of [doomed, stays]) {
      // Folders four deep, each with two files, under two top folders.
      for (let top = 0; top < 2; top++) {
        let parentId: string | null = null;
        for (let depth = 0; depth < 4; depth++) {
          const [folder]: { id: string }[] = await t.ctx.db
            .insert(fileItems)
            .values({
              organizationId: w.id,
              ownerUserId: w.admin.id,
              parentId,
              name: `Folder ${top}.${depth}`,
              type: 1,
              scope: 1,
            })
            .returning({ id: fileItems.id });
          parentId = folder!.id;
          await t.ctx.db.insert(fileItems).values(
            [1, 2].map((n) => ({
              organizationId: w.id,
              ownerUserId: w.admin.id,
              parentId,
              name: `Image ${n}.png`,
              type: 2,
              scope: 1,
            })),
          );
        }
      }
      const start = new Date('2026-12-01T10:00:00Z');
      const made = await t.ctx.db
        .insert(meetings)
        .values(
          Array.from({ length: 7 }, (_, i) => ({
            organizationId: w.id,
            code: `${w.id.slice(0, 8)}${i}`,
            name: `Meeting ${i}`,
            startDate: new Date(start.getTime() + i * 3_600_000),
            endDate: new Date(start.getTime() + i * 3_600_000 + 1_800_000),
            createdByUserId: w.admin.id,
          })),
        )
        .returning({ id: meetings.id });
      await t.ctx.db.insert(meetingParticipants).values(
        made.map((m) => ({
          meetingId: m.id,
          userId: w.admin.id,
          email: w.admin.email,
          participantType: 'Moderator' as const,
        })),
      );
      for (let i = 0; i < 4; i++) await addRoom(t, w.id, w.admin);
      // Usage totals over three months, so more than one span of days.
      await t.ctx.db.insert(usageMemberDays).values(
        ['2026-09-03', '2026-10-15', '2026-11-27'].map((day) => ({
          organizationId: w.id,
          day,
          userId: w.member.id,
          licensed: true,
          inVr: true,
          sessions: 1,
          secondsInVr: 600,
          meetingsJoined: 0,
        })),
      );
    }
    expect(await countOf(fileItems, doomed.id)).toBe(24);

    // Three rows a statement: the folders' nesting is crossed by the batches.
    await t.ctx.db.transaction((tx) => deleteTeamContents(tx, doomed.id, 3));

    for (const table of [fileItems, meetings, rooms, usageMemberDays]) {
      expect(await countOf(table, doomed.id)).toBe(0);
    }
    expect(await countOf(fileItems, stays.id)).toBe(24);
    expect(await countOf(meetings, stays.id)).toBe(7);
    expect(await countOf(rooms, stays.id)).toBe(4);
    expect(await countOf(usageMemberDays, stays.id)).toBe(3);
    // The team itself is left to its caller (deleteTeam removes its row next).
    expect(
      await t.ctx.db.select().from(organizations).where(eq(organizations.id, doomed.id)),
    ).toHaveLength(1);
  });
});
