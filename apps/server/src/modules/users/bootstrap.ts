import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../platform/auth/password.ts';

/**
 * First start: make sure a super admin exists. ADMIN_EMAIL/ADMIN_PASSWORD create (or promote)
 * that activated account; with neither set and no super admin yet, one is created with a
 * generated password that is printed once.
 */
export async function ensureSuperAdmin(ctx: AppContext, print: (line: string) => void) {
  const { db, config } = ctx;
  if (config.admin.email) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, config.admin.email));
    if (existing) {
      await db.update(users).set({ superAdmin: true }).where(eq(users.id, existing.id));
      return;
    }
    await insertAdmin(ctx, config.admin.email, config.admin.password);
    return;
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.superAdmin, true))
    .limit(1);
  if (anyAdmin) return;
  const email = 'admin@roomscale.local';
  // Meets the strong-password rule: upper, lower and digits guaranteed.
  const password = `Rs${randomBytes(12).toString('base64url')}9a`;
  await insertAdmin(ctx, email, password);
  print(
    `Created super admin ${email} with password ${password} (shown once; change it in your profile).`,
  );
}

async function insertAdmin(ctx: AppContext, email: string, password: string) {
  const now = ctx.clock.now();
  await ctx.db.insert(users).values({
    email,
    firstName: 'Super',
    lastName: 'Admin',
    superAdmin: true,
    activated: true,
    passwordHash: await hashPassword(password),
    privacyAccepted: now,
    termsAccepted: now,
  });
}
