-- Rate-limit counters skip the write-ahead log (platform/rateLimit/postgres.ts): every limited
-- call counts a hit, and a logged upsert waited for its WAL flush on each one (5 times the cost
-- of an unlogged one on the bench machine). A counter needs no durability: after a crash the
-- table comes back empty and each window starts again, which lets a caller a few more tries at
-- most. The table holds only the current windows' rows, so the rewrite is short; instances of
-- the previous release keep working on it (docs/deployment.md "Rolling upgrades").
ALTER TABLE "rate_limits" SET UNLOGGED;
