import type { AppContext } from '../../context.ts';
import { notFound } from '../../platform/http/problem.ts';
import { providerById } from './providers.ts';
import { dropExpiredRequests, type RequestPurpose, requestStore } from './requests.ts';
import { serviceProvider } from './serviceProvider.ts';

/**
 * The identity provider's sign-in address for a new AuthnRequest (HTTP-Redirect binding),
 * remembered with what it is for. Null when the provider is not set up.
 */
export async function signInUrl(
  ctx: AppContext,
  providerId: string,
  purpose: RequestPurpose,
): Promise<string | null> {
  const provider = await providerById(ctx.db, providerId);
  if (!provider) return null;
  const now = ctx.clock.now();
  await dropExpiredRequests(ctx.db, now);
  const saml = serviceProvider(
    ctx.config,
    provider,
    requestStore(ctx.db, provider.id, now, purpose),
  );
  return saml.getAuthorizeUrlAsync('', undefined, {});
}

/** Like signInUrl, for the JSON calls: an unknown provider is a 404 problem. */
export async function signInUrlOrThrow(
  ctx: AppContext,
  providerId: string,
  purpose: RequestPurpose,
  detail: string,
) {
  const url = await signInUrl(ctx, providerId, purpose);
  if (!url) throw notFound(detail);
  return url;
}
