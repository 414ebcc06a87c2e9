import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses of the local driver, shaped like Google's V4 signed URLs: `X-Goog-Date` (when
 * signed), `X-Goog-Expires` (seconds from then, at most a week), `X-Goog-Signature` (hex). The
 * HMAC-SHA256 covers the method, the key, both times, the signed content type of an upload and
 * the `response-*` overrides of a download, so none of them can be changed.
 */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** Query parameters that change a response and so are always part of the signature. */
const SIGNED_PARAMS = ['response-content-disposition', 'response-content-type'] as const;

export type SignRequest = {
  method: 'GET' | 'POST';
  key: string;
  now: Date;
  expiresInSeconds: number;
  /** For an upload: the only content type the start may declare. */
  contentType?: string;
  /** For a download: `response-content-disposition` and `response-content-type`. */
  params?: Partial<Record<(typeof SIGNED_PARAMS)[number], string>>;
};

export type VerifyRequest = {
  method: 'GET' | 'POST';
  key: string;
  query: URLSearchParams;
  contentType: string | undefined;
  now: Date;
};

export class UrlSigner {
  /** Made once: an HMAC created from the raw bytes makes a key of them on every call. */
  private readonly key: KeyObject;
  /** `X-Goog-Date` of the second last signed in: a page's addresses are signed in one second. */
  private dated = { second: Number.NaN, text: '', query: '' };

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  /**
   * The query string (without `?`) of a signed address: the parameters in this order, each
   * encoded as `URLSearchParams` writes a form, written directly (a list page signs one address
   * per thumbnail). `signed-addresses.test.ts` pins the addresses byte for byte.
   */
  sign(req: SignRequest): string {
    const expires = String(
      Math.min(Math.max(1, Math.floor(req.expiresInSeconds)), MAX_EXPIRES_SECONDS),
    );
    const date = this.dateOf(req.now);
    const disposition = usv(req.params?.['response-content-disposition']);
    const type = usv(req.params?.['response-content-type']);
    const signature = this.mac(req.method, req.key, date.text, expires, req.contentType, [
      disposition,
      type,
    ]);
    let query = `X-Goog-Date=${date.query}&X-Goog-Expires=${expires}`;
    if (req.contentType !== undefined) query += '&X-Goog-SignedHeaders=content-type';
    if (disposition !== undefined) query += `&response-content-disposition=${form(disposition)}`;
    if (type !== undefined) query += `&response-content-type=${form(type)}`;
    return `${query}&X-Goog-Signature=${signature}`;
  }

  /** Whether the query carries a valid, unexpired signature for this method and key. */
  verify(req: VerifyRequest): boolean {
    const q = req.query;
    const signed = parseDate(q.get('X-Goog-Date'));
    const expiresText = q.get('X-Goog-Expires') ?? '';
    const given = q.get('X-Goog-Signature') ?? '';
    if (!signed || !/^\d{1,7}$/.test(expiresText) || !/^[0-9a-f]{64}$/.test(given)) return false;
    const expires = Number(expiresText);
    if (expires < 1 || expires > MAX_EXPIRES_SECONDS) return false;
    const now = req.now.getTime();
    if (now >= signed.getTime() + expires * 1000) return false;
    const signedHeaders = q.get('X-Goog-SignedHeaders');
    if (signedHeaders !== null && signedHeaders !== 'content-type') return false;
    const contentType = signedHeaders ? (req.contentType ?? '') : undefined;
    const expected = this.mac(
      req.method,
      req.key,
      q.get('X-Goog-Date') ?? '',
      expiresText,
      contentType,
      SIGNED_PARAMS.map((name) => q.get(name) ?? undefined),
    );
    return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
  }

  /** `X-Goog-Date` of `now`, as text and as written in a query, formatted once a second. */
  private dateOf(now: Date) {
    const second = Math.floor(now.getTime() / 1000);
    if (second !== this.dated.second) {
      const text = formatDate(now);
      this.dated = { second, text, query: form(text) };
    }
    return this.dated;
  }

  /** The signature in hex; `params`: the values of `SIGNED_PARAMS` in order (undefined: absent). */
  private mac(
    method: string,
    key: string,
    date: string,
    expires: string,
    contentType: string | undefined,
    params: (string | undefined)[],
  ): string {
    const header =
      contentType === undefined ? '-' : `content-type:${contentType.trim().toLowerCase()}`;
    let text = `${method}\n${key}\n${date}\n${expires}\n${header}`;
    for (const [i, name] of SIGNED_PARAMS.entries()) text += `\n${name}=${params[i] ?? ''}`;
    return createHmac('sha256', this.key).update(text).digest('hex');
  }
}

/** A value as `URLSearchParams` keeps it: a lone surrogate becomes U+FFFD. */
const usv = (value: string | undefined) =>
  value !== undefined && surrogate.test(value) ? value.replace(loneSurrogate, '\ufffd') : value;
// Without the `u` flag: a unicode-aware literal is compiled to `new RegExp` on every call here.
const surrogate = /[\ud800-\udfff]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A value encoded as `URLSearchParams` writes a form (application/x-www-form-urlencoded): only
 * letters, digits and `*-._` stay, a space is `+`, the rest is UTF-8 in `%XX`. ASCII from a
 * table; other text through `encodeURIComponent`, which also leaves `!'()~`, escaped after it.
 */
function form(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 0x7f) {
      return encodeURIComponent(value).replace(/[!'()~]|%20/g, (e) =>
        e === '%20' ? '+' : formAscii[e.charCodeAt(0)]!,
      );
    }
    out += formAscii[c]!;
  }
  return out;
}
const formAscii = Array.from({ length: 0x80 }, (_, c) => {
  const char = String.fromCharCode(c);
  if (/[A-Za-z0-9*._-]/.test(char)) return char;
  return c === 0x20 ? '+' : `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
});

/** The signing key of storage addresses, derived so it differs from the token-signing key. */
export function storageSecret(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('roomscale/storage-url/v1').digest();
}

/** `20260102T030405Z`, as X-Goog-Date writes a time. */
function formatDate(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function parseDate(text: string | null): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}
