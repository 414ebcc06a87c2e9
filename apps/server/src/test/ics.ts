import ICAL from 'ical.js';

/**
 * The iCalendar files our mails carry, read by ical.js — an independent parser, so a test
 * proves that calendar software reads what the writer meant (escaping, folding, times), not
 * that two halves written side by side agree.
 */
export type IcsProperty = { name: string; params: Record<string, string>; value: string };

/** A property's value as text: times in the iCalendar UTC form, text unescaped. */
function textOf(value: unknown): string {
  if (value instanceof ICAL.Time) return value.toICALString();
  return String(value);
}

export function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const components = [calendar, ...calendar.getAllSubcomponents()];
  const props: IcsProperty[] = components.flatMap((c) =>
    c.getAllProperties().map((p) => {
      const params = Object.fromEntries(
        Object.entries(p.toJSON()[1] as Record<string, unknown>).map(([k, v]) => [
          k.toUpperCase(),
          String(v),
        ]),
      );
      return { name: p.name.toUpperCase(), params, value: textOf(p.getFirstValue()) };
    }),
  );
  return {
    /** The calendar component and the names of its parts, e.g. ['vevent']. */
    calendar: calendar.name,
    parts: calendar.getAllSubcomponents().map((c) => c.name),
    props,
    value: (name: string) => props.find((p) => p.name === name)?.value,
    all: (name: string) => props.filter((p) => p.name === name),
  };
}

/** The .ics attachment of a mail, as text. */
export function icsOf(mail: { attachments?: { filename: string; content: string | Buffer }[] }) {
  const a = mail.attachments?.find((x) => x.filename.endsWith('.ics'));
  if (!a) throw new Error('no .ics attachment');
  return typeof a.content === 'string' ? a.content : a.content.toString('utf8');
}
