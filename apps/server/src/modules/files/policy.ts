import { fileMessages } from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { fileItems } from '../../db/schema.ts';
import { callerOf, type ObjectRuleCheck } from '../../platform/http/access.ts';
import { forbidden, notFound } from '../../platform/http/problem.ts';
import { guestSpace, isReadOnly, seenInTeamsOf, teamSpace, visibleIn } from './space.ts';

/**
 * The items a route's caller sees: a guest's own (guest routes), the team's file space (a team's
 * routes), or what they see in all their teams (the team-less download).
 */
function seenOnRoute(req: FastifyRequest) {
  if (req.guest) return visibleIn(guestSpace(req.guest));
  const caller = callerOf(req);
  return req.team ? visibleIn(teamSpace(caller, req.team)) : seenInTeamsOf(caller.userId);
}

async function itemOnRoute(db: DbOrTx, req: FastifyRequest, fileId: string) {
  const [row] = await db
    .select({ scope: fileItems.scope })
    .from(fileItems)
    .where(and(eq(fileItems.id, fileId), seenOnRoute(req)));
  if (!row) throw notFound(fileMessages.notFound);
  return row;
}

/** The `fileItem` object rule: 404 unless the caller sees the item where the route looks. */
export function fileItemRule(db: DbOrTx): ObjectRuleCheck {
  return async (req, fileId) => {
    await itemOnRoute(db, req, fileId);
  };
}

/**
 * The `fileEditor` object rule of routes that change or delete an item: `fileItem`, and 403 on
 * the read-only items (Demo and Template, made by the platform).
 */
export function fileEditorRule(db: DbOrTx): ObjectRuleCheck {
  return async (req, fileId) => {
    const item = await itemOnRoute(db, req, fileId);
    if (isReadOnly(item.scope)) throw forbidden(fileMessages.readOnly);
  };
}
