import type { CapturedMail } from './smtp-sink.ts';

export type { CapturedMail };

/**
 * Reads the SMTP sink of this run (see global-setup.ts). A mailbox only sees messages that
 * arrived after it was created, so each test starts with an empty one.
 */
export class Mailbox {
  private constructor(
    private readonly url: string,
    private readonly after: number,
  ) {}

  static async open(url: string): Promise<Mailbox> {
    const all = await fetchMessages(url, 0);
    return new Mailbox(url, all.at(-1)?.seq ?? 0);
  }

  /** Every message since this mailbox was opened. */
  messages(): Promise<CapturedMail[]> {
    return fetchMessages(this.url, this.after);
  }

  /**
   * The newest message to `to` whose subject matches, waiting for it to arrive (polls the sink).
   * Fails with the list of what did arrive, which is what one wants to see when it fails.
   */
  async waitFor(
    to: string,
    subject: RegExp | string,
    opts: { timeout?: number } = {},
  ): Promise<CapturedMail> {
    const address = to.toLowerCase();
    const matches = (m: CapturedMail) =>
      (m.to.includes(address) || m.envelope.to.includes(address)) &&
      (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject));
    const deadline = Date.now() + (opts.timeout ?? 15_000);
    let seen: CapturedMail[] = [];
    while (Date.now() < deadline) {
      seen = await this.messages();
      const found = seen.filter(matches).at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
    const list = seen.map((m) => `  to ${m.to.join(', ')}: "${m.subject}"`).join('\n') || '  none';
    throw new Error(`no mail to ${to} with subject ${String(subject)} arrived; received:\n${list}`);
  }
}

async function fetchMessages(url: string, after: number): Promise<CapturedMail[]> {
  const res = await fetch(`${url}/messages?after=${after}`);
  if (!res.ok) throw new Error(`the SMTP sink answered ${res.status}`);
  return (await res.json()) as CapturedMail[];
}

/**
 * The first link in the message's text part whose path starts with `pathPrefix`
 * (e.g. '/activate-account'). Throws, listing the links found, when there is none.
 */
export function linkFrom(message: CapturedMail, pathPrefix: string): URL {
  const links = message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  for (const raw of links) {
    const url = new URL(raw);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(
    `no ${pathPrefix} link in "${message.subject}"; links found: ${links.join(', ') || 'none'}`,
  );
}
