const parts = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(timeZone, f);
  }
  return f;
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/**
 * An instant as ISO 8601 in an IANA zone with its offset (`2026-11-27T10:15:00.000+01:00`);
 * in UTC the offset is written `Z`, so it reads as `Date#toISOString` does. Milliseconds are kept.
 */
export function isoInZone(at: Date | string, timeZone: string): string {
  const d = new Date(at);
  if (timeZone === 'UTC') return d.toISOString();
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  const ms = d.getUTCMilliseconds();
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!, ms);
  const offsetMinutes = Math.round((wall - d.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${pad(ms, 3)}${offset}`;
}
