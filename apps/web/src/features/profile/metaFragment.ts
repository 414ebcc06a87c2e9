import { type OculusLink, oculusLink } from '@roomscale/shared';
import { z } from 'zod';

/** What Meta's sign-in leaves in the fragment; the scoped id may come as a number. */
const fragment = z.object({
  code: z.string(),
  org_scoped_id: z.union([z.string(), z.number()]).transform(String),
});

/**
 * The Meta link of /sso/oculus (part1 §2): the address's fragment is a base64 JSON object with
 * `code` and `org_scoped_id`. Accepts the URL-safe alphabet, missing padding and a percent-encoded
 * fragment; answers null for anything else, never throws.
 */
export function readMetaFragment(hash: string): OculusLink | null {
  let text = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  const base64 = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const read = fragment.safeParse(json);
    if (!read.success) return null;
    const link = oculusLink.safeParse({
      oculusAccessCode: read.data.code,
      oculusOrgScopedId: read.data.org_scoped_id,
    });
    return link.success ? link.data : null;
  } catch {
    return null;
  }
}
