import type { DownloadPlatform } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { downloads } from '../../db/schema.ts';

/** A user starting the same download again within this window counts once. */
const windowMs = 3600_000;

/**
 * POST /api/Content/Downloads: counts a download for the admin overview, once per user, platform
 * and hour, so a user clicking the button repeatedly does not inflate the figure. One statement:
 * the check and the insert see the same rows.
 */
export async function recordDownload(ctx: AppContext, userId: string, platform: DownloadPlatform) {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - windowMs);
  await ctx.db.execute(sql`insert into ${downloads} (platform, user_id, at)
    select ${platform}, ${userId}::uuid, ${now.toISOString()}::timestamptz
    where not exists (select 1 from ${downloads}
      where user_id = ${userId}::uuid and platform = ${platform}
        and at > ${since.toISOString()}::timestamptz)`);
}
