/** A small iCalendar reader for tests: unfolds lines and reads properties by name. */
export type IcsProperty = { name: string; params: Record<string, string>; value: string };

export function parseIcs(text: string) {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const props: IcsProperty[] = unfolded
    .split('\r\n')
    .filter((l) => l.length > 0)
    .map((line) => {
      // The value starts at the first colon outside a quoted parameter value.
      let inQuotes = false;
      let split = -1;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"') inQuotes = !inQuotes;
        if (line[i] === ':' && !inQuotes) {
          split = i;
          break;
        }
      }
      const [name = '', ...rawParams] = line.slice(0, split).split(';');
      const params = Object.fromEntries(
        rawParams.map((p) => {
          const [k = '', v = ''] = p.split('=');
          return [k, v.replace(/^"|"$/g, '')];
        }),
      );
      return { name, params, value: line.slice(split + 1) };
    });
  return {
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
