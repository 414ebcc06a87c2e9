/** Where the public screens send the user once a team is chosen. */
export const DEFAULT_TARGET = '/dashboard';

/** Screens that must never be the place to return to: they would loop. */
const NOT_A_TARGET = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/activate-account',
  '/organization/resolve',
  '/organization/create',
  '/create-avatar',
  '/user/register',
  '/sso/token',
];

const BASE = 'http://target.invalid';

/**
 * The targetRoute query as a safe in-app path ('dashboard' and '/dashboard' both work). Anything
 * that could leave the site (absolute or protocol-relative URLs, backslashes) falls back to the
 * dashboard.
 */
export function safeTarget(raw: string | null | undefined): string {
  const text = raw?.trim();
  if (!text) return DEFAULT_TARGET;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are rejected
  if (text.includes('\\') || /[\u0000-\u001f]/.test(text)) return DEFAULT_TARGET;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return DEFAULT_TARGET;
  const path = text.startsWith('/') ? text : `/${text}`;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== BASE) return DEFAULT_TARGET;
  const p = url.pathname.replace(/\/+$/, '') || '/';
  if (NOT_A_TARGET.some((n) => p === n || p.startsWith(`${n}/`))) return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path?targetRoute=<target>`. */
export function withTarget(path: string, target: string): string {
  return `${path}?${new URLSearchParams({ targetRoute: target }).toString()}`;
}
