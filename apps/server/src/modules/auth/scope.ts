import { TOKEN_SCOPE, tokenMessages } from '@roomscale/shared';
import { invalidScope } from './errors.ts';

const words = (scope: string) => scope.split(/\s+/).filter(Boolean);

/** The scope to grant: the request's, which may only narrow `allowed`; none asked means all. */
export function grantedScope(requested: string | undefined, allowed: string = TOKEN_SCOPE): string {
  const asked = words(requested ?? '');
  if (asked.length === 0) return allowed;
  const permitted = new Set(words(allowed));
  if (!asked.every((s) => permitted.has(s))) throw invalidScope(tokenMessages.invalidScope);
  return [...new Set(asked)].join(' ');
}

/** A refresh keeps within the family's scope: the asked scopes it holds, or all of it. */
export function narrowedScope(requested: string | undefined, family: string): string {
  const held = new Set(words(family));
  const kept = words(requested ?? '').filter((s) => held.has(s));
  return kept.length > 0 ? [...new Set(kept)].join(' ') : family;
}
