import { type AddressObject, simpleParser } from 'mailparser';

/**
 * The mails the server sends, read by `mailparser` — an independent MIME reader (encoded words,
 * multipart bodies, quoted-printable and base64), so the journeys check what a mail client shows.
 */
export type ParsedMail = {
  /** Lower-cased header names, decoded values; repeated headers keep their last value. */
  headers: Record<string, string>;
  from: string;
  /** Bare addresses of To, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
};

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .flatMap((a) => a.value)
    .map((v) => (v.address ?? '').toLowerCase());

export async function parseMail(raw: string): Promise<ParsedMail> {
  const mail = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    const value = mail.headers.get(key);
    headers[key] = typeof value === 'string' ? value : line.slice(line.indexOf(':') + 1).trim();
  }
  return {
    headers,
    from: mail.from?.text ?? '',
    to: addressesOf(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: mail.html === false ? null : (mail.html ?? null),
  };
}
