/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`items[0][price]=price_1&expand[0]=latest_invoice&metadata[team]=…`), as the official SDK
 * writes it. Values stay strings; the simulator reads them with the helpers below.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

function segmentsOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const head = key.slice(0, open);
  const rest = [...key.slice(open).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

/** Turns objects whose keys are all indices into arrays, depth first. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(value[k] as FormValue)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => converted[String(i)] as FormValue);
  return converted;
}

export function parseForm(body: string): Form {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = segmentsOf(key);
    let node: Record<string, FormValue> = root;
    path.forEach((segment, i) => {
      // `expand[]=a` appends.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
        node = node[name] as Record<string, FormValue>;
      }
    });
  }
  return arrays(root) as Form;
}

export const str = (v: FormValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;
export const num = (v: FormValue | undefined): number | undefined =>
  typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
export const bool = (v: FormValue | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;
export const list = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v : v === undefined || v === '' ? [] : typeof v === 'object' ? [v] : [v];
export const obj = (v: FormValue | undefined): Form =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
export const strings = (v: FormValue | undefined): string[] =>
  list(v).filter((x): x is string => typeof x === 'string');
