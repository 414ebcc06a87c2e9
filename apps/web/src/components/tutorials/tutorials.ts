import { type Tutorial, type TutorialVideo, tutorialList } from '@roomscale/shared';

/** The device type of the web dashboard in the tutorials list. */
export const WEB_DEVICE = 'WEB';

/** Sections with their web videos only, both sorted by orderId; sections left empty are dropped. */
export function webTutorials(list: Tutorial[]): Tutorial[] {
  return list
    .map((section) => ({
      ...section,
      videos: section.videos
        .filter((v) => v.deviceTypes.includes(WEB_DEVICE))
        .sort((a, b) => a.orderId - b.orderId),
    }))
    .filter((section) => section.videos.length > 0)
    .sort((a, b) => a.orderId - b.orderId);
}

/** Thumbnails and videos may be relative to the list's own URL (our server, or a content host). */
export function resolveAgainst(url: string, listUrl: string, origin: string): string {
  try {
    return new URL(url, new URL(listUrl, origin)).toString();
  } catch {
    return url;
  }
}

const playable = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

/** A media file the browser can play inline, as opposed to a page (e.g. a knowledge-base article). */
export function isPlayableVideo(url: string): boolean {
  try {
    return playable.test(new URL(url, 'http://x.invalid').pathname);
  } catch {
    return false;
  }
}

/**
 * GET the tutorials list. A plain fetch: the list may live on another host, which must not get
 * our bearer token or cookies.
 */
export async function fetchTutorials(listUrl: string, signal?: AbortSignal): Promise<Tutorial[]> {
  const res = await fetch(listUrl, {
    signal,
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`tutorials: HTTP ${res.status}`);
  return tutorialList.parse(await res.json());
}

export type { Tutorial, TutorialVideo };
