import { meetingMessages, type ParticipantType, type participantInput } from '@roomscale/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';
import { fieldError } from '../../platform/http/problem.ts';
import { activeMembership } from '../organizations/membership.ts';

export type ResolvedParticipant = {
  userId: string | null;
  email: string;
  participantType: ParticipantType;
};

/**
 * Turns the form's participants into invitations: a `userId` must name a member of the team
 * (whose address is then used), an address of a member becomes that member, any other address
 * is a guest — a registered account outside the team included, so the answer (shape, names,
 * errors) is the same for registered and unknown addresses and nobody probes who has an account.
 * Addresses are de-duplicated (a moderator entry wins over a plain one), and only members can
 * moderate (part2 §5).
 */
export async function resolveParticipants(
  db: DbOrTx,
  organizationId: string,
  input: z.output<typeof participantInput>[],
): Promise<ResolvedParticipant[]> {
  const ids = [...new Set(input.flatMap((p) => (p.userId ? [p.userId] : [])))];
  const emails = [...new Set(input.map((p) => p.email))];
  const known = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        activeMembership(),
        or(inArray(users.email, emails), ids.length ? inArray(users.id, ids) : undefined),
      ),
    );
  const byId = new Map(known.map((u) => [u.id, u]));
  const byEmail = new Map(known.map((u) => [u.email, u]));

  const result = new Map<string, ResolvedParticipant>();
  for (const p of input) {
    const user = p.userId ? byId.get(p.userId) : byEmail.get(p.email);
    if (p.userId && !user) throw fieldError('participants', meetingMessages.unknownUser);
    if (p.participantType === 'Moderator' && !user) {
      throw fieldError('participants', meetingMessages.moderatorMustBeUser);
    }
    const email = user?.email ?? p.email;
    const earlier = result.get(email);
    const type: ParticipantType =
      earlier?.participantType === 'Moderator' ? 'Moderator' : p.participantType;
    result.set(email, { userId: user?.id ?? null, email, participantType: type });
  }
  return [...result.values()];
}
