import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type GuestToken, guestLimits, guestMessages } from '@roomscale/shared';
import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { guestCodes, guestSessions, guests } from '../../db/schema.ts';
import { fieldError, HttpError } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { actionEmail } from '../../platform/mail/layout.ts';

/**
 * How a guest proves its email address (docs/guests.md): PUT /api/Guests/Authorize with only
 * `guestEmail` mails a one-time code; with the code too, it returns a guest token.
 */

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
const tooManyCodes = () => new HttpError(429, guestMessages.tooManyCodes);
const invalidCode = () => fieldError('guestcode', guestMessages.invalidCode);

/** Codes are kept as an HMAC keyed with the server secret, so a database leak reveals none. */
const hashCode = (ctx: AppContext, email: string, code: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`guest-code:${email}:${code}`).digest('hex');

const newCode = () =>
  String(randomInt(0, 10 ** guestLimits.codeDigits)).padStart(guestLimits.codeDigits, '0');

export async function sendGuestCode(ctx: AppContext, email: string, ip: string) {
  const now = ctx.clock.now();
  const since = later(now, -guestLimits.codeWindowSeconds);
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    const [byEmail] = await tx
      .select({ n: count() })
      .from(guestCodes)
      .where(and(eq(guestCodes.email, email), gt(guestCodes.created, since)));
    const [byIp] = await tx
      .select({ n: count() })
      .from(guestCodes)
      .where(and(eq(guestCodes.ip, ip), gt(guestCodes.created, since)));
    if ((byEmail?.n ?? 0) >= guestLimits.codesPerEmail) throw tooManyCodes();
    if ((byIp?.n ?? 0) >= guestLimits.codesPerIp) throw tooManyCodes();
    // Only the newest code works; earlier ones end now.
    await tx
      .update(guestCodes)
      .set({ usedAt: now })
      .where(and(eq(guestCodes.email, email), isNull(guestCodes.usedAt)));
    // Rows of this address past the counting window and expired are of no use any more.
    await tx
      .delete(guestCodes)
      .where(
        and(
          eq(guestCodes.email, email),
          lt(guestCodes.created, since),
          lt(guestCodes.expiresAt, now),
        ),
      );
    await tx.insert(guestCodes).values({
      email,
      codeHash: hashCode(ctx, email, code),
      ip,
      expiresAt: later(now, guestLimits.codeSeconds),
      created: now,
    });
    const minutes = guestLimits.codeSeconds / 60;
    const body = actionEmail({
      greeting: 'Hello,',
      paragraphs: guestMessages.codeMailText(code, minutes).split('\n\n'),
    });
    await enqueueMail(ctx, tx, { to: email, subject: guestMessages.codeMailSubject, ...body });
  });
  return { codeSent: true as const, email, expiresIn: guestLimits.codeSeconds };
}

/**
 * Exchanges the newest live code for a guest token. A wrong code counts against it; after
 * `codeFailuresMax` wrong tries it stops working. Marking it used is one conditional update,
 * so a code works once even when sent twice at the same moment.
 */
export async function redeemGuestCode(
  ctx: AppContext,
  email: string,
  code: string,
): Promise<GuestToken> {
  const now = ctx.clock.now();
  const session = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(guestCodes)
      .where(
        and(
          eq(guestCodes.email, email),
          isNull(guestCodes.usedAt),
          gt(guestCodes.expiresAt, now),
          lt(guestCodes.failedAttempts, guestLimits.codeFailuresMax),
        ),
      )
      .orderBy(desc(guestCodes.created))
      .limit(1)
      .for('update');
    if (!row) return null;
    const given = Buffer.from(hashCode(ctx, email, code));
    if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
      await tx
        .update(guestCodes)
        .set({ failedAttempts: row.failedAttempts + 1 })
        .where(eq(guestCodes.id, row.id));
      return null;
    }
    const used = await tx
      .update(guestCodes)
      .set({ usedAt: now })
      .where(and(eq(guestCodes.id, row.id), isNull(guestCodes.usedAt)))
      .returning({ id: guestCodes.id });
    if (used.length === 0) return null;
    const [guest] = await tx
      .insert(guests)
      .values({ email, created: now, lastSignIn: now })
      .onConflictDoUpdate({ target: guests.email, set: { lastSignIn: now } })
      .returning({ id: guests.id });
    const [s] = await tx
      .insert(guestSessions)
      .values({
        guestId: guest!.id,
        expiresAt: later(now, guestLimits.tokenSeconds),
        created: now,
      })
      .returning({ id: guestSessions.id });
    return { guestId: guest!.id, sessionId: s!.id };
  });
  if (!session) throw invalidCode();
  const token = await ctx.jwt.signGuest({ ...session, email }, now);
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: guestLimits.tokenSeconds,
    guestId: session.guestId,
    email,
  };
}
