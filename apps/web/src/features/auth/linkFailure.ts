import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';

/**
 * How an emailed-link screen (activation, reset) reacts to a failed call: a refusal by the server
 * means the link is spent or invalid, so the screen shows its failure state with ways onward; a
 * lost connection or a server fault keeps the form (and what was typed) to try again.
 */
export type LinkFailure = { kind: 'rejected' } | { kind: 'retry'; message: string };

export function classifyLinkFailure(e: unknown): LinkFailure {
  if (e instanceof ApiError && (e.status === 0 || e.status >= 500 || e.status === 429)) {
    return { kind: 'retry', message: errorText(e) };
  }
  return { kind: 'rejected' };
}

/** Sends an emailed-link command (confirm, reset) and says how it went. */
export async function postLinkCommand(
  send: () => Promise<{ success: boolean }>,
): Promise<{ kind: 'accepted' } | LinkFailure> {
  try {
    const result = await send();
    return result?.success === false ? { kind: 'rejected' } : { kind: 'accepted' };
  } catch (e) {
    return classifyLinkFailure(e);
  }
}

/** The query of an emailed link, or null when a part is missing. */
export function linkParams(params: URLSearchParams): { userId: string; token: string } | null {
  const userId = params.get('user')?.trim();
  const token = params.get('token')?.trim();
  return userId && token ? { userId, token } : null;
}
