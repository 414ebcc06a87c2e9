import {
  metaMessages,
  type OculusLink,
  type OculusNonceProof,
  type UserLogin,
} from '@roomscale/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden } from '../../platform/http/problem.ts';
import type { PersonActor } from '../audit/record.ts';
import { linkStartCookie, linkWasStarted, signInUrl } from './browserLink.ts';
import { metaGraph } from './graph.ts';
import { linkMetaLogin, metaLoginOf, unlinkMetaAccount } from './link.ts';
import { askMeta, proveByCode, proveByNonce } from './proof.ts';

/**
 * The Meta link calls (docs/linked-accounts.md): each checks what it can locally, asks Meta
 * (outside any transaction), then writes through link.ts.
 */

/** Meta's settings and a Graph client; 409 on a server where linking is not set up. */
function metaOf(ctx: AppContext) {
  if (!ctx.config.meta) throw conflict(metaMessages.notConfigured);
  return { config: ctx.config.meta, graph: metaGraph(ctx.config.meta, ctx.log) };
}

/** Refuses before asking Meta when the caller has a Meta login already (Meta spends the proof). */
async function assertNoMetaLogin(ctx: AppContext, userId: string) {
  if (await metaLoginOf(ctx.db, userId)) throw conflict(metaMessages.alreadyLinked);
}

/** GET …/Oculus/Sso: Meta's sign-in page, and the cookie that binds the link to this browser. */
export async function startBrowserLink(ctx: AppContext, userId: string) {
  const { config } = metaOf(ctx);
  await assertNoMetaLogin(ctx, userId);
  return {
    url: signInUrl(config, ctx.config.publicUrl),
    cookie: linkStartCookie(ctx.config, userId, ctx.clock.now()),
  };
}

/** PUT …/Oculus/Sso: the code /sso/oculus received, in the browser that started the link. */
export async function linkFromBrowser(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: PersonActor,
  cookieHeader: string | undefined,
  body: OculusLink,
): Promise<UserLogin[]> {
  const { graph } = metaOf(ctx);
  if (!linkWasStarted(ctx.config, cookieHeader, actor.userId, ctx.clock.now())) {
    throw forbidden(metaMessages.linkNotStarted);
  }
  await assertNoMetaLogin(ctx, actor.userId);
  const account = await askMeta(log, () =>
    proveByCode(graph, body.oculusAccessCode, body.oculusOrgScopedId),
  );
  return linkMetaLogin(ctx, actor, account);
}

const nonceProof = (body: OculusNonceProof) => ({
  nonce: body.oculusAccessCode,
  orgScopedId: body.oculusOrgScopedId,
  userId: body.oculusUserId,
});

/** PUT …/Oculus: the headset app's nonce. */
export async function linkFromHeadset(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: PersonActor,
  body: OculusNonceProof,
): Promise<UserLogin[]> {
  const { graph } = metaOf(ctx);
  await assertNoMetaLogin(ctx, actor.userId);
  const account = await askMeta(log, () => proveByNonce(graph, nonceProof(body)));
  return linkMetaLogin(ctx, actor, account);
}

/**
 * DELETE /api/LinkedAccounts/Oculus: proven first, whoever has the account, so that without
 * the proof nobody learns whether it is linked.
 */
export async function unlinkFromHeadset(
  ctx: AppContext,
  log: FastifyBaseLogger,
  ip: string,
  body: OculusNonceProof,
) {
  const { graph } = metaOf(ctx);
  const account = await askMeta(log, () => proveByNonce(graph, nonceProof(body), false));
  await unlinkMetaAccount(ctx, ip, account.orgScopedId);
}
