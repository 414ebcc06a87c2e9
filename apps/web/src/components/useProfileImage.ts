import { type ProfileImageOwner, profileImageUrl } from '@roomscale/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessToken } from '../api/tokens.ts';

/** Failed loads are not retried: the picture's fallback (the initial) shows instead. */
class PictureUnavailable extends Error {}

const KEY = 'profileImage';

/**
 * A picture's bytes, fetched with the bearer token (the server shows a picture only to those
 * allowed to see it, docs/security.md 'Profile pictures', and an img tag sends no token), as an
 * object URL an img can show.
 */
async function fetchPicture(url: string, signal: AbortSignal): Promise<string> {
  const token = await accessToken();
  if (!token) throw new PictureUnavailable('no session');
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!res.ok) throw new PictureUnavailable(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/**
 * The object URLs belong to the query cache: one per picture version, shared by every img that
 * shows it, freed when the cache drops the entry (unused for a while, or the session's end) or
 * replaces it (a refetch after everything was invalidated: the imgs take the new one first).
 */
const freeing = new WeakSet<QueryClient>();
function freeWithCache(client: QueryClient) {
  if (freeing.has(client)) return;
  freeing.add(client);
  const held = new Map<string, string>();
  client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== KEY) return;
    const before = held.get(query.queryHash);
    const now = event.type === 'removed' ? undefined : (query.state.data as string | undefined);
    if (before === now) return;
    if (now) held.set(query.queryHash, now);
    else held.delete(query.queryHash);
    if (before) setTimeout(() => URL.revokeObjectURL(before), 0);
  });
}

/**
 * The address an img shows a user's picture or a team's logo at (`src`), loaded with the token
 * once per picture version (`imageUpdated`). Null while it loads (`loading`), when there is no
 * picture and when it cannot be loaded: callers then show the initial (part1 §8).
 */
export function useProfileImage(
  owner: ProfileImageOwner,
  id: string | null | undefined,
  imageUpdated: string | null | undefined,
): { src: string | null; loading: boolean } {
  const client = useQueryClient();
  freeWithCache(client);
  const url = id && imageUpdated ? profileImageUrl(owner, id, imageUpdated) : null;
  const picture = useQuery({
    queryKey: [KEY, url],
    queryFn: ({ signal }) => fetchPicture(url!, signal),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof PictureUnavailable) && count < 2,
  });
  if (url === null) return { src: null, loading: false };
  return { src: picture.data ?? null, loading: picture.isPending };
}
