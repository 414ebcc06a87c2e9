/**
 * A request generator driven by the OpenAPI document: for each operation it builds a plausible
 * request from the schemas (so requests get past validation and reach the services), then
 * breaks it in one or two ways — wrong types, missing and extra fields, huge and NUL strings,
 * bad ids, malformed bodies and content types. Deterministic for a seed (mulberry32).
 */

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** A deterministic uuid (v4 layout) from the generator. */
export function uuidFrom(r: Rng): string {
  const hex = Array.from({ length: 32 }, () => r.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = r.pick(['8', '9', 'a', 'b']);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: JsonSchema; required: boolean };
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document, with its parameters and body schema. */
export function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(type
          ? { body: { type, schema: content[type]!.schema, required: !!op.requestBody?.required } }
          : {}),
      });
    }
  }
  return ops;
}

/** Ids known to exist (fixtures and ids seen in answers), by the name that carries them. */
export type IdPool = {
  byName: Map<string, string[]>;
  any: string[];
  /** Storage addresses (path and signed query) seen in answers and Location headers. */
  storage: string[];
};

const STORAGE_PATH = '/api/Storage/b/';

export function remember(pool: IdPool, name: string, id: string) {
  const at = id.indexOf(STORAGE_PATH);
  if (at >= 0 && !pool.storage.includes(id.slice(at))) {
    pool.storage.push(id.slice(at));
    if (pool.storage.length > 20) pool.storage.shift();
    return;
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(id)) return;
  const list = pool.byName.get(name) ?? [];
  if (!list.includes(id)) {
    list.push(id);
    if (list.length > 20) list.shift();
    pool.byName.set(name, list);
  }
  if (!pool.any.includes(id)) {
    pool.any.push(id);
    if (pool.any.length > 200) pool.any.shift();
  }
}

/** Harvests the ids of an answer, named by their field (`id` counts under its parent's name). */
export function harvest(pool: IdPool, value: unknown, parent = 'id', depth = 0) {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 20)) harvest(pool, v, parent, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') remember(pool, k === 'id' ? parent : k, v);
    else harvest(pool, v, k, depth + 1);
  }
}

const idNames: Record<string, string[]> = {
  organizationId: ['organizationId', 'organizations', 'organization'],
  roomTemplateId: ['roomTemplateId', 'templateId', 'id'],
  templateOrClonedRoomId: ['roomTemplateId', 'templateId', 'roomId'],
  meetingId: ['meetingId', 'meetingDetail'],
  fileItemId: ['fileId', 'fileItemId', 'parentFileId'],
  parentFileId: ['fileId', 'parentFileId'],
  roomDataId: ['roomDataId', 'roomData'],
};

/** A known id for a field name, or a fresh one. */
function idFor(r: Rng, pool: IdPool, name: string): string {
  for (const n of [name, ...(idNames[name] ?? [])]) {
    const list = pool.byName.get(n);
    if (list?.length && r.chance(0.85)) return r.pick(list);
  }
  if (pool.any.length && r.chance(0.3)) return r.pick(pool.any);
  return uuidFrom(r);
}

const words = ['Alpha', 'Room', 'Meeting', 'Notes', 'Team', 'Plan', 'Review', 'Demo'];

/** A value the schema accepts (as far as a generator can tell), for field `name`. */
export function validValue(r: Rng, pool: IdPool, s: JsonSchema, name = '', depth = 0): unknown {
  if (s.anyOf || s.oneOf) {
    const options = (s.anyOf ?? s.oneOf)!.filter((o) => o.type !== 'null');
    return validValue(
      r,
      pool,
      r.pick(options.length ? options : (s.anyOf ?? s.oneOf)!),
      name,
      depth,
    );
  }
  if (s.allOf?.length) return validValue(r, pool, s.allOf[0]!, name, depth);
  if (s.enum?.length) return r.pick(s.enum);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringFor(r, pool, s, name);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? min + 50, min + 1000);
      return r.int(Math.ceil(min), Math.floor(max));
    }
    case 'boolean':
      return r.chance(0.5);
    case 'array': {
      if (depth > 4) return [];
      const n = r.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 2));
      return Array.from({ length: n }, () =>
        validValue(r, pool, s.items ?? {}, singular(name), depth + 1),
      );
    }
    case 'object':
    case undefined: {
      if (!s.properties) return type === 'object' ? {} : 'value';
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties)) {
        if (s.required?.includes(k) || r.chance(0.6)) {
          out[k] = depth > 4 ? null : validValue(r, pool, v, k, depth + 1);
        }
      }
      return out;
    }
    default:
      return null;
  }
}

const singular = (name: string) =>
  name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');

function stringFor(r: Rng, pool: IdPool, s: JsonSchema, name: string): string {
  if (s.format === 'uuid' || /Id$/.test(name) || name === 'id') return idFor(r, pool, name);
  if (s.format === 'date-time') {
    return new Date(Date.UTC(2030, r.int(0, 11), r.int(1, 28), r.int(0, 23))).toISOString();
  }
  if (s.format === 'uri' || /Url$|Uri$/.test(name)) return `https://example.com/${r.int(1, 999)}`;
  if (/email/i.test(name) || name === 'username') {
    return r.chance(0.5) ? `fuzz${r.int(1, 50)}@example.com` : 'member@fuzz.test';
  }
  if (s.pattern === '^\\d{6}$') return String(r.int(0, 999_999)).padStart(6, '0');
  if (/password/i.test(name)) return r.pick(['Secret123', 'short', 'NoDigitsHere']);
  const word = `${r.pick(words)} ${r.int(1, 999)}`;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 40;
  const text = word.length < min ? word.padEnd(min, 'x') : word;
  return text.slice(0, Math.max(max, min));
}

/** Strings no field should choke on. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  'é'.repeat(300),
  '😀'.repeat(100),
  '\uD800',
  'a\uDFFFb',
  '\uDBFF\uDBFF',
  '😀'.slice(0, 1),
  '../../../etc/passwd',
  '%00',
  '%ZZ',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  'null',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '2030-02-30T25:61:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
];

/** Values of every JSON type, for wrong-type mutations. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 31) - 1,
  1e308,
  'string',
  [],
  {},
  [null],
  { id: 1 },
  [[[[[]]]]],
  Array.from({ length: 2000 }, (_, i) => i),
];

/** A fresh copy of one of the hostile values (mutations must not change the shared ones). */
const anyValue = (r: Rng): unknown => structuredClone(r.pick(hostileValues));

/** Ids that are not ids, or that name nothing. */
export const badIds: readonly string[] = [
  'abc',
  '1',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f0',
  '3f2b8c1e5d4a4e6b9c7d1a2b3c4d5e6f',
  '{3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f}',
  'user-3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  'organization-nope',
];

export const malformedBodies: readonly (string | Buffer)[] = [
  '{',
  '[',
  '{"a":}',
  'null',
  '""',
  '123',
  'true',
  '[1,2,3]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x00]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
  // A multipart image part cut off in its data, and one whose headers never end.
  '--x\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
  '--x\r\nContent-Disposition: form-data; name="attachment"',
];

export const contentTypes: readonly string[] = [
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
  'application/json',
  ';;;',
  'application/problem+json',
];

/** Content-Range and Range values, sound and not. */
const storageRanges: readonly string[] = [
  'bytes 0-9/10',
  'bytes 0-9/*',
  'bytes */10',
  'bytes */*',
  'bytes 5-2/10',
  'bytes 0-262143/*',
  'bytes 0-99999999999999999999/1',
  'bytes -1-5/10',
  'bytes 0-0/0',
  'bytes=0-9',
  'bytes=-5',
  'bytes=9-0',
  'bytes=0-1,3-4',
  'bytes=99999999999999999999-',
  'garbage',
  '',
];

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure message. */
  mutations: string[];
};

/** Percent-encoding that survives lone surrogates (they go as the UTF-8 of U+FFFD). */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

/** Fills a path template; raw values go in unescaped (to send `%ZZ`, `%00` as they are). */
function fillPath(path: string, values: Record<string, { value: string; raw?: boolean }>) {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (!v) return 'x';
    return v.raw ? v.value : encode(v.value).replace(/%2F/g, '/');
  });
}

/** A hostile value of any kind for a parameter. */
function hostileParam(r: Rng): { value: string; raw?: boolean } {
  const k = r.int(0, 3);
  if (k === 0) return { value: r.pick(badIds) };
  if (k === 1) return { value: r.pick(hostileStrings) };
  if (k === 2)
    return {
      value: r.pick(['%00', '%ZZ', '%', '%C0%80', '%E2%82', '%ED%A0%80', 'a%2F..%2F..']),
      raw: true,
    };
  return { value: String(anyValue(r)) };
}

/** The paths (key lists) of every value inside a JSON value. */
function pathsOf(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
) {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...prefix, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      pathsOf(v, p, out);
    }
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false) {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

/** One request for an operation: valid, then broken in zero to two ways. */
export function buildRequest(r: Rng, pool: IdPool, op: Operation): FuzzRequest {
  const mutations: string[] = [];
  const pathValues: Record<string, { value: string; raw?: boolean }> = {};
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};

  for (const p of op.parameters) {
    if (p.in === 'path') {
      const v = validValue(r, pool, p.schema, p.name);
      pathValues[p.name] = {
        value: p.name === 'key' ? `fuzz/${r.int(1, 9)}.bin` : String(v ?? uuidFrom(r)),
      };
    } else if (p.required || r.chance(0.5)) {
      const v = validValue(r, pool, p.schema, p.name);
      if (v === null || v === undefined) continue;
      const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
      if (p.in === 'query') query.push([p.name, text]);
      else headers[p.name] = text;
    }
  }
  let body: unknown = op.body ? validValue(r, pool, op.body.schema, 'body') : undefined;
  let payload: string | Buffer | undefined;
  let contentType = op.body?.type;

  const count = r.chance(0.2) ? 0 : r.int(1, 2);
  for (let i = 0; i < count; i++) {
    const kinds = ['query', 'pathParam', 'header', 'auth'];
    if (op.body) kinds.push('bodyField', 'bodyField', 'bodyField', 'bodyWhole', 'raw', 'type');
    else kinds.push('unexpectedBody');
    const kind = r.pick(kinds);
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const headerParams = op.parameters.filter((p) => p.in === 'header');
    if (kind === 'pathParam' && pathParams.length) {
      const p = r.pick(pathParams);
      pathValues[p.name] = hostileParam(r);
      mutations.push(`path ${p.name}=${JSON.stringify(pathValues[p.name]!.value.slice(0, 40))}`);
    } else if (kind === 'query') {
      const which = r.int(0, 3);
      if (which === 0 && queryParams.length) {
        const p = r.pick(queryParams);
        const v = hostileParam(r);
        query.push([p.name, v.value]);
        mutations.push(`query ${p.name} repeated/hostile`);
      } else if (which === 1 && query.length) {
        const [removed] = query.splice(r.int(0, query.length - 1), 1);
        mutations.push(`query ${removed![0]} missing`);
      } else if (which === 2 && queryParams.length) {
        const p = r.pick(queryParams);
        for (let j = query.length - 1; j >= 0; j--) if (query[j]![0] === p.name) query.splice(j, 1);
        query.push([p.name, String(anyValue(r))]);
        mutations.push(`query ${p.name} wrong type`);
      } else {
        query.push([
          r.pick(['extra', '__proto__', 'constructor', 'page[size]', '']),
          r.pick(hostileStrings),
        ]);
        mutations.push('query extra field');
      }
    } else if (kind === 'header') {
      const p = headerParams.length ? r.pick(headerParams) : undefined;
      if (p && r.chance(0.5)) {
        delete headers[p.name];
        mutations.push(`header ${p.name} missing`);
      } else if (p) {
        headers[p.name] = r
          .pick(hostileStrings)
          .replace(/[\r\n]/g, '')
          .slice(0, 8000);
        mutations.push(`header ${p.name} hostile`);
      } else {
        headers['x-fuzz'] = 'x'.repeat(r.int(1, 4000));
        mutations.push('header extra');
      }
    } else if (kind === 'auth') {
      headers.authorization = r.pick([
        'Bearer ',
        'Bearer x.y.z',
        'Basic YTpi',
        `Bearer ${'a'.repeat(5000)}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      ]);
      mutations.push('authorization garbage');
    } else if (kind === 'bodyField') {
      const paths = pathsOf(body);
      const which = r.int(0, 4);
      if (paths.length === 0 || which === 4) {
        body = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
        const key = r.pick([
          'extra',
          '__proto__',
          'constructor',
          'id',
          'organizationId',
          'x'.repeat(300),
        ]);
        (body as Record<string, unknown>)[key] = anyValue(r);
        mutations.push(`body extra field ${key.slice(0, 20)}`);
      } else {
        const path = r.pick(paths);
        if (which === 0) {
          setAt(body, path, null, true);
          mutations.push(`body ${path.join('.')} missing`);
        } else if (which === 1) {
          setAt(body, path, anyValue(r));
          mutations.push(`body ${path.join('.')} wrong type`);
        } else if (which === 2) {
          setAt(body, path, r.pick(hostileStrings));
          mutations.push(`body ${path.join('.')} hostile string`);
        } else {
          setAt(body, path, r.pick(badIds));
          mutations.push(`body ${path.join('.')} bad id`);
        }
      }
    } else if (kind === 'bodyWhole') {
      body = r.pick([...hostileValues, undefined, { ...Object(body), extra: 'x'.repeat(70_000) }]);
      mutations.push('body replaced');
    } else if (kind === 'raw' || kind === 'unexpectedBody') {
      payload = r.pick(malformedBodies);
      // A declared body keeps its type most of the time; elsewhere (raw uploads) any type goes.
      contentType = contentType && r.chance(0.7) ? contentType : r.pick(contentTypes);
      mutations.push(`raw body ${JSON.stringify(String(payload).slice(0, 30))} as ${contentType}`);
    } else if (kind === 'type') {
      contentType = r.chance(0.8) ? r.pick(contentTypes) : undefined;
      mutations.push(`content type ${contentType ?? 'none'}`);
    }
  }

  if (payload === undefined && body !== undefined && op.body) {
    payload =
      contentType === 'application/x-www-form-urlencoded' && body && typeof body === 'object'
        ? new URLSearchParams(
            Object.entries(body).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          ).toString()
        : JSON.stringify(body);
  }
  if (payload !== undefined && contentType) headers['content-type'] = contentType;
  const qs = query
    .map(([k, v]) => `${encode(k)}=${encode(v).replace(/%25(00|ZZ)/g, '%$1')}`)
    .join('&');
  let url = fillPath(op.path, pathValues) + (qs ? `?${qs}` : '');
  if (op.path.startsWith(STORAGE_PATH) && pool.storage.length && r.chance(0.7)) {
    // A real signed address or upload session, so the storage protocol itself gets fuzzed.
    url = r.pick(pool.storage) + (qs ? `&${qs}` : '');
    if (op.method === 'POST') {
      headers['x-goog-resumable'] = r.chance(0.7) ? 'start' : r.pick(['', 'stop', 'START ']);
    }
    if (op.method === 'PUT' || op.method === 'GET') {
      const range = r.pick(storageRanges);
      headers[op.method === 'PUT' ? 'content-range' : 'range'] = range;
      mutations.push(`storage ${op.method === 'PUT' ? 'content-range' : 'range'} ${range}`);
    }
    if (op.method === 'PUT' && payload === undefined) {
      payload = Buffer.alloc(r.pick([0, 1, 10, 300, 262_144]), 7);
      headers['content-type'] ??= 'application/octet-stream';
    }
    mutations.push('signed storage address');
  }
  return {
    method: op.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    mutations,
  };
}

/** A lone surrogate: valid in JSON (`"\ud800"`), no character of any text. */
export const LONE_SURROGATE = '\uD800';

/**
 * For an operation with a JSON body: one request per string of a valid body (from a few
 * samples, so optional fields come up too) with that string replaced by a lone surrogate, and
 * one with a lone surrogate as a key. The request guard must refuse each, whatever the caller.
 */
export function loneSurrogateRequests(r: Rng, pool: IdPool, op: Operation): FuzzRequest[] {
  if (!op.body?.type.includes('json')) return [];
  const pathValues: Record<string, { value: string }> = {};
  const query: string[] = [];
  for (const p of op.parameters) {
    const v = validValue(r, pool, p.schema, p.name);
    if (p.in === 'path') pathValues[p.name] = { value: String(v ?? uuidFrom(r)) };
    else if (p.in === 'query' && p.required && v !== null && v !== undefined)
      query.push(
        `${encode(p.name)}=${encode(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
      );
  }
  const url = fillPath(op.path, pathValues) + (query.length ? `?${query.join('&')}` : '');
  const headers = { 'content-type': op.body.type };
  const out: FuzzRequest[] = [];
  const seen = new Set<string>();
  for (let sample = 0; sample < 4; sample++) {
    const body = validValue(r, pool, op.body.schema, 'body');
    for (const path of pathsOf(body)) {
      let node: unknown = body;
      for (const key of path) node = (node as Record<string | number, unknown>)[key];
      const name = path.join('.');
      if (typeof node !== 'string' || seen.has(name)) continue;
      seen.add(name);
      const broken = structuredClone(body);
      setAt(broken, path, r.pick([LONE_SURROGATE, `x${LONE_SURROGATE}`, '\uDC00y']));
      out.push({
        method: op.method,
        url,
        headers,
        payload: JSON.stringify(broken),
        mutations: [`body ${name} lone surrogate`],
      });
    }
    if (sample === 0 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      out.push({
        method: op.method,
        url,
        headers,
        payload: JSON.stringify({ ...body, [LONE_SURROGATE]: 'x' }),
        mutations: ['body key lone surrogate'],
      });
    }
  }
  return out;
}
