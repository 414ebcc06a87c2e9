import { metaMessages } from '@roomscale/shared';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, HttpError } from '../../platform/http/problem.ts';
import { MetaError, type MetaGraph } from './graph.ts';

/** A Meta account as Meta confirmed it: the key we store and whether it pays for the app. */
export type ProvenMetaAccount = { orgScopedId: string; subscribed: boolean };

/**
 * The web's proof (docs/linked-accounts.md "From the browser"): the code and org-scoped id of
 * the /sso/oculus fragment. The fragment is only what the browser claims, so the account is the
 * one Meta reports for the token the code buys, and it must be the claimed one.
 */
export async function proveByCode(
  graph: MetaGraph,
  code: string,
  orgScopedId: string,
): Promise<ProvenMetaAccount> {
  const token = await graph.exchangeCode(code, orgScopedId);
  const me = await graph.me(token);
  if (me.orgScopedId !== orgScopedId) {
    throw new MetaError('rejected', 'the code belongs to another Meta account');
  }
  return { orgScopedId, subscribed: await graph.hasActiveSubscription(me.id) };
}

/**
 * The headset's proof (docs/linked-accounts.md "From the headset"): Meta confirms the nonce for
 * the user id, and that user's org-scoped id must be the claimed one. `withSubscription: false`
 * skips the subscription lookup (an unlink does not need it).
 */
export async function proveByNonce(
  graph: MetaGraph,
  proof: { nonce: string; orgScopedId: string; userId?: string | undefined },
  withSubscription = true,
): Promise<ProvenMetaAccount> {
  const userId = proof.userId ?? proof.orgScopedId;
  if (!(await graph.nonceIsValid(proof.nonce, userId))) {
    throw new MetaError('rejected', 'the nonce is not valid for this user');
  }
  const user = await graph.user(userId);
  if (user.orgScopedId !== proof.orgScopedId) {
    throw new MetaError('rejected', 'the nonce belongs to another Meta account');
  }
  return {
    orgScopedId: proof.orgScopedId,
    subscribed: withSubscription ? await graph.hasActiveSubscription(user.id) : false,
  };
}

/**
 * Runs a proof and turns Meta's answer into the problem the caller sees: 403 codeRejected when
 * Meta refused, 502 unavailable when it could not be asked. Meta's reason goes to the log.
 */
export async function askMeta<T>(log: FastifyBaseLogger, proof: () => Promise<T>): Promise<T> {
  try {
    return await proof();
  } catch (err) {
    if (!(err instanceof MetaError)) throw err;
    log.warn({ reason: err.reason }, `Meta link proof ${err.kind}`);
    throw err.kind === 'rejected'
      ? forbidden(metaMessages.codeRejected)
      : new HttpError(502, metaMessages.unavailable);
  }
}
