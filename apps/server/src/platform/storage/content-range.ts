/**
 * The `Content-Range` header of a resumable-upload PUT, as Google Cloud Storage reads it:
 * - `bytes *\/TOTAL` or `bytes *\/*`: a status query (empty body);
 * - `bytes S-E/TOTAL`, TOTAL `*` until the client knows it: bytes S..E inclusive;
 * - `bytes S-*\/TOTAL`: everything from S to the end of the object (the body is the rest), as
 *   `@google-cloud/storage` sends it for single-request uploads.
 */
export type ContentRange =
  | { kind: 'query'; total: number | null }
  | { kind: 'chunk'; start: number; end: number; total: number | null }
  | { kind: 'rest'; start: number; total: number | null };

const pattern = /^bytes +(?:(\*)|(\d{1,16})-(\d{1,16}|\*))\/(\d{1,16}|\*)$/i;

/** The parsed header, or null when it is malformed (including an end before its start). */
export function parseContentRange(header: string): ContentRange | null {
  const m = pattern.exec(header.trim());
  if (!m) return null;
  const total = m[4] === '*' ? null : Number(m[4]);
  if (m[1]) return { kind: 'query', total };
  const start = Number(m[2]);
  if (m[3] === '*') return { kind: 'rest', start, total };
  const end = Number(m[3]);
  if (end < start) return null;
  return { kind: 'chunk', start, end, total };
}

/** The `Range` header of a 308 answer for `stored` bytes: none when nothing is stored. */
export function storedRangeHeader(stored: number): string | undefined {
  return stored > 0 ? `bytes=0-${stored - 1}` : undefined;
}
