/**
 * Just enough RFC 822 / MIME to read the mails the server sends: unfolded headers, RFC 2047
 * encoded words, multipart bodies, quoted-printable and base64 transfer encodings.
 * (`mailparser` is not installable here; this covers what nodemailer produces.)
 */

export type ParsedMail = {
  /** Lower-cased header names; repeated headers keep their last value. */
  headers: Record<string, string>;
  from: string;
  /** Bare addresses of To, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
};

type Part = { headers: Record<string, string>; body: string };

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const leaves = flatten(top);
  const text = leaves.find((p) => mediaType(p) === 'text/plain');
  const html = leaves.find((p) => mediaType(p) === 'text/html');
  return {
    headers: Object.fromEntries(
      Object.entries(top.headers).map(([k, v]) => [k, decodeWords(v)] as const),
    ),
    from: decodeWords(top.headers.from ?? ''),
    to: addresses(top.headers.to ?? ''),
    subject: decodeWords(top.headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : null,
  };
}

/** Headers end at the first empty line; continuation lines start with white space. */
function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function mediaType(p: Part): string {
  return (p.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
}

function param(header: string | undefined, name: string): string | undefined {
  const m = header?.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The leaf parts of a (possibly nested) multipart body, in order. */
function flatten(p: Part): Part[] {
  if (!mediaType(p).startsWith('multipart/')) return [p];
  const boundary = param(p.headers['content-type'], 'boundary');
  if (!boundary) return [p];
  const parts: Part[] = [];
  const chunks = p.body.split(`--${boundary}`);
  // chunks[0] is the preamble; the chunk starting with "--" is the epilogue after the close.
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break;
    parts.push(...flatten(splitPart(chunk.replace(/^[ \t]*\n/, '').replace(/\n$/, ''))));
  }
  return parts;
}

function decodeBody(p: Part): string {
  const encoding = (p.headers['content-transfer-encoding'] ?? '7bit').trim().toLowerCase();
  const charset = param(p.headers['content-type'], 'charset') ?? 'utf-8';
  let bytes: Uint8Array;
  if (encoding === 'base64') bytes = Buffer.from(p.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(p.body);
  else bytes = Buffer.from(p.body, 'utf8');
  return new TextDecoder(charset).decode(bytes);
}

/** RFC 2045 §6.7: "=XX" is a byte, "=" at the end of a line is a soft line break. */
export function decodeQuotedPrintable(s: string): Uint8Array {
  const unfolded = s.replace(/[ \t]+$/gm, '').replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const c = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Uint8Array.from(out);
}

/** RFC 2047 encoded words (=?charset?B|Q?text?=); white space between two of them is dropped. */
export function decodeWords(s: string): string {
  return s
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_, charset: string, kind: string, text: string) => {
        const bytes =
          kind.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : decodeQuotedPrintable(text.replace(/_/g, ' '));
        return new TextDecoder(charset.split('*')[0]).decode(bytes);
      },
    );
}

function addresses(header: string): string[] {
  const found = header.match(/[^\s<>",;:]+@[^\s<>",;:]+/g) ?? [];
  return found.map((a) => a.toLowerCase());
}
