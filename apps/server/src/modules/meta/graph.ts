import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MetaConfig } from '../../config.ts';

/**
 * The calls this server makes to Meta's Graph API (graph.oculus.com), with Meta's own paths,
 * parameters and answers (docs/linked-accounts.md "Meta's endpoints"). Every call is bounded by
 * `timeoutMs`; none of them runs inside a database transaction.
 */

/**
 * Meta refused what it was shown (`rejected`: a 4xx, an invalid nonce) or did not answer usably
 * (`unavailable`: unreachable, too slow, 5xx or 429, an answer of the wrong shape). `reason` is
 * for the log only: it may carry Meta's own message, never a secret.
 */
export class MetaError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    readonly reason: string,
  ) {
    super(`Meta ${kind}: ${reason}`);
  }
}

/** Meta's error body: `{ error: { message, type, code, fbtrace_id } }`. */
const graphError = z.object({
  error: z.object({ message: z.string().optional(), code: z.number().optional() }).passthrough(),
});

/** POST /sso_authorize_code: the user's token for the code of the account-linking page. */
const authorizedCode = z.object({ oauth_token: z.string().min(1) }).passthrough();
/** GET /me and GET /{user-id}: the fields we ask for. */
const metaUser = z
  .object({ id: z.string().min(1), org_scoped_id: z.string().min(1) })
  .passthrough();
/** POST /user_nonce_validate. */
const nonceCheck = z.object({ is_valid: z.boolean() }).passthrough();
/** GET /application/subscriptions: a page of the app's subscriptions. */
const subscriptions = z
  .object({ data: z.array(z.object({ is_active: z.boolean().optional() }).passthrough()) })
  .passthrough();

export type MetaUser = { id: string; orgScopedId: string };

export type MetaGraph = ReturnType<typeof metaGraph>;

export function metaGraph(config: MetaConfig, log: FastifyBaseLogger) {
  /** The app access token Meta's server-to-server calls take: `OC|{app id}|{app secret}`. */
  const appToken = `OC|${config.appId}|${config.appSecret}`;

  /**
   * One call. POST parameters travel as a form body, so the app secret stays out of request
   * lines that proxies log; GET has only the query (as Meta documents it).
   */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    shape: z.ZodType<T>,
  ): Promise<T> {
    const url = new URL(`${config.graphUrl}/${path}`);
    const form = new URLSearchParams(params);
    if (method === 'GET') url.search = form.toString();
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: { accept: 'application/json' },
        ...(method === 'POST' ? { body: form } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (err) {
      const name = err instanceof Error ? err.name : 'Error';
      throw new MetaError(
        'unavailable',
        `${method} /${path}: ${name === 'TimeoutError' ? `no answer within ${config.timeoutMs} ms` : String(err)}`,
      );
    }
    const body = parseJson(text);
    const failure = graphError.safeParse(body);
    if (res.status >= 500 || res.status === 429) {
      throw new MetaError('unavailable', `${method} /${path}: HTTP ${res.status}`);
    }
    if (res.status >= 400 || failure.success) {
      const message = failure.success ? failure.data.error.message : undefined;
      throw new MetaError(
        'rejected',
        `${method} /${path}: HTTP ${res.status} ${message ?? ''}`.trim(),
      );
    }
    const parsed = shape.safeParse(body);
    if (!parsed.success) {
      throw new MetaError('unavailable', `${method} /${path}: an answer of an unknown shape`);
    }
    return parsed.data;
  }

  return {
    /**
     * Exchanges the code that Meta's account-linking page put in the /sso/oculus fragment for the
     * user's token. Meta binds the code to the org-scoped id it came with and takes it once.
     */
    async exchangeCode(code: string, orgScopedId: string): Promise<string> {
      const answer = await call(
        'POST',
        'sso_authorize_code',
        { code, access_token: appToken, org_scoped_id: orgScopedId },
        authorizedCode,
      );
      return answer.oauth_token;
    },

    /** The account a user token belongs to. */
    async me(userToken: string): Promise<MetaUser> {
      const u = await call(
        'GET',
        'me',
        { access_token: userToken, fields: 'id,org_scoped_id' },
        metaUser,
      );
      return { id: u.id, orgScopedId: u.org_scoped_id };
    },

    /** Whether the headset's nonce (Users.GetUserProof) is valid for `userId`; Meta spends it. */
    async nonceIsValid(nonce: string, userId: string): Promise<boolean> {
      const answer = await call(
        'POST',
        'user_nonce_validate',
        { access_token: appToken, nonce, user_id: userId },
        nonceCheck,
      );
      return answer.is_valid;
    },

    /** A user of this app, read with the app token: their org-scoped id. */
    async user(userId: string): Promise<MetaUser> {
      const u = await call(
        'GET',
        encodeURIComponent(userId),
        { access_token: appToken, fields: 'id,org_scoped_id' },
        metaUser,
      );
      return { id: u.id, orgScopedId: u.org_scoped_id };
    },

    /**
     * Whether the user holds an active subscription of this app (any of its SKUs). A refusal
     * (the app sells no subscriptions, the owner is unknown to it) reads as none; only an
     * unavailable Meta fails the link.
     */
    async hasActiveSubscription(ownerId: string): Promise<boolean> {
      try {
        const page = await call(
          'GET',
          'application/subscriptions',
          {
            access_token: appToken,
            owner_id: ownerId,
            is_active: 'true',
            fields: 'owner,sku,is_active,period_end_time',
          },
          subscriptions,
        );
        return page.data.some((s) => s.is_active === true);
      } catch (err) {
        if (err instanceof MetaError && err.kind === 'rejected') {
          log.warn({ reason: err.reason }, 'Meta refused the subscription lookup; none assumed');
          return false;
        }
        throw err;
      }
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
