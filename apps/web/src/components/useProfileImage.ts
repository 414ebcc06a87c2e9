import { type ProfileImageOwner, profileImageUrl } from '@roomscale/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accessToken } from '../api/tokens.ts';

/** Failed loads are not retried: the picture's fallback (the initial) shows instead. */
class PictureUnavailable extends Error {}

/**
 * A picture's bytes, fetched with the bearer token: the server shows a picture only to those
 * allowed to see it (docs/security.md, 'Profile pictures'), and an img tag sends no token.
 */
async function fetchPicture(url: string, signal: AbortSignal): Promise<Blob> {
  const token = await accessToken();
  if (!token) throw new PictureUnavailable('no session');
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!res.ok) throw new PictureUnavailable(`HTTP ${res.status}`);
  return res.blob();
}

/**
 * The address an img shows a user's picture or a team's logo at (`src`): an object URL of the
 * bytes loaded with the token, kept per picture version (`imageUpdated`) for the session. Null
 * while it loads (`loading`), when there is no picture and when it cannot be loaded: callers then
 * show the initial (part1 §8).
 */
export function useProfileImage(
  owner: ProfileImageOwner,
  id: string | null | undefined,
  imageUpdated: string | null | undefined,
): { src: string | null; loading: boolean } {
  const url = id && imageUpdated ? profileImageUrl(owner, id, imageUpdated) : null;
  const picture = useQuery({
    queryKey: ['profileImage', url],
    queryFn: ({ signal }) => fetchPicture(url!, signal),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof PictureUnavailable) && count < 2,
  });
  const blob = url ? picture.data : undefined;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return {
    src: blob ? src : null,
    loading: url !== null && (picture.isPending || (!!blob && !src)),
  };
}
