import { createHmac, timingSafeEqual } from 'node:crypto';

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
  constructor(private readonly secret: Buffer) {}

  /** The query string (without `?`) of a signed address. */
  sign(req: SignRequest): string {
    const expires = Math.min(Math.max(1, Math.floor(req.expiresInSeconds)), MAX_EXPIRES_SECONDS);
    const query = new URLSearchParams();
    query.set('X-Goog-Date', formatDate(req.now));
    query.set('X-Goog-Expires', String(expires));
    if (req.contentType !== undefined) query.set('X-Goog-SignedHeaders', 'content-type');
    for (const name of SIGNED_PARAMS) {
      const value = req.params?.[name];
      if (value !== undefined) query.set(name, value);
    }
    const signature = this.mac(req.method, req.key, query, req.contentType);
    query.set('X-Goog-Signature', signature.toString('hex'));
    return query.toString();
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
    const expected = this.mac(req.method, req.key, q, contentType);
    return timingSafeEqual(expected, Buffer.from(given, 'hex'));
  }

  private mac(
    method: string,
    key: string,
    query: URLSearchParams,
    contentType: string | undefined,
  ): Buffer {
    const lines = [
      method,
      key,
      query.get('X-Goog-Date') ?? '',
      query.get('X-Goog-Expires') ?? '',
      contentType === undefined ? '-' : `content-type:${contentType.trim().toLowerCase()}`,
      ...SIGNED_PARAMS.map((name) => `${name}=${query.get(name) ?? ''}`),
    ];
    return createHmac('sha256', this.secret).update(lines.join('\n')).digest();
  }
}

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
