/**
 * Messages of the avatar builder frame (Ready Player Me's frame API). The builder posts either
 * JSON — as a string or as an object — `{source:'readyplayerme', eventName, data}`, or, in its
 * older form, the exported model's URL as a plain string ending in .glb.
 */
export type AvatarMessage = { type: 'ready' } | { type: 'exported'; url: string };

const SOURCE = 'readyplayerme';

/** The builder's message as something to act on, or null for anything else. */
export function parseAvatarMessage(data: unknown): AvatarMessage | null {
  if (typeof data === 'string') {
    const text = data.trim();
    if (text.startsWith('{')) {
      try {
        return parseEvent(JSON.parse(text));
      } catch {
        return null;
      }
    }
    return isModelUrl(text) ? { type: 'exported', url: text } : null;
  }
  return parseEvent(data);
}

function parseEvent(event: unknown): AvatarMessage | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as { source?: unknown; eventName?: unknown; data?: unknown };
  if (e.source !== SOURCE) return null;
  if (e.eventName === 'v1.frame.ready') return { type: 'ready' };
  if (e.eventName !== 'v1.avatar.exported') return null;
  const url = (e.data as { url?: unknown } | null | undefined)?.url;
  return typeof url === 'string' && isHttpUrl(url) ? { type: 'exported', url } : null;
}

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function isModelUrl(text: string): boolean {
  if (!isHttpUrl(text)) return false;
  return new URL(text).pathname.toLowerCase().endsWith('.glb');
}

/** The message that asks the builder to report its events (sent once it is ready). */
export const subscribeMessage = JSON.stringify({
  target: SOURCE,
  type: 'subscribe',
  eventName: 'v1.**',
});

/** The origin a builder URL's messages must come from, or null for an unusable URL. */
export function builderOrigin(builderUrl: string): string | null {
  try {
    const u = new URL(builderUrl);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** An avatar URL as the API stores it: absolute, resolved against our own origin if needed. */
export function absoluteAvatarUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * The builder opened on a new avatar rather than the one it remembers (the remake mode of
 * /profile/edit-avatar): Ready Player Me's `clearCache` parameter.
 */
export function freshBuilderUrl(builderUrl: string): string {
  try {
    const u = new URL(builderUrl);
    u.searchParams.set('clearCache', '');
    return u.href;
  } catch {
    return builderUrl;
  }
}
