import type { AdminOverview } from '@roomscale/shared';
import { count } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { downloads, organizations, users } from '../../db/schema.ts';

/** GET /api/Admin/Overview: every user (activated or not), every team, every counted download. */
export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const [u] = await ctx.db.select({ n: count() }).from(users);
  const [o] = await ctx.db.select({ n: count() }).from(organizations);
  const [d] = await ctx.db.select({ n: count() }).from(downloads);
  return { usersCount: u?.n ?? 0, organizationsCount: o?.n ?? 0, downloadsCount: d?.n ?? 0 };
}
