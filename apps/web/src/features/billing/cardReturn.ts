/**
 * Coming back from the bank's authentication page (3-D Secure): the payment provider sends the
 * browser to the confirm page's own address with the intent's id, its client secret and
 * `redirect_status`, as Stripe does. The secret is also kept in this tab before leaving, in case
 * the return address carries none.
 */

export type IntentKind = 'setup' | 'payment';

export type CardReturn = {
  kind: IntentKind;
  intentId: string;
  clientSecret: string | null;
  succeeded: boolean;
};

const storageKey = 'roomscale.cardReturn';

/** The confirm page's own address, where the provider sends the browser back. */
export const confirmReturnUrl = () => `${window.location.origin}/team/subscription/confirm`;

/** An intent's id from its client secret (`seti_…_secret_…`), as Stripe.js reads it. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

export function rememberSecret(kind: IntentKind, clientSecret: string) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ kind, clientSecret }));
  } catch {
    // No session storage: the return address carries the secret.
  }
}

function rememberedSecret(kind: IntentKind, intentId: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as {
      kind?: string;
      clientSecret?: string;
    } | null;
    return saved?.kind === kind && saved.clientSecret && intentIdOf(saved.clientSecret) === intentId
      ? saved.clientSecret
      : null;
  } catch {
    return null;
  }
}

export function forgetSecret() {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing kept.
  }
}

/** The return from authentication in the page's query, if this is one. */
export function readCardReturn(search: URLSearchParams): CardReturn | null {
  for (const kind of ['setup', 'payment'] as const) {
    const intentId = search.get(`${kind}_intent`);
    if (!intentId) continue;
    return {
      kind,
      intentId,
      clientSecret: search.get(`${kind}_intent_client_secret`) ?? rememberedSecret(kind, intentId),
      succeeded: search.get('redirect_status') === 'succeeded',
    };
  }
  return null;
}
