import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** A function that keeps, of an answer, exactly what its schema names. */
export type Projection = (value: unknown) => unknown;

/** Nothing to take away: the value goes out as it is. */
const whole: Projection = (value) => value;

/** Projections that are zod's encode itself: they see a missing value too, as zod does. */
const byZod = new WeakSet<Projection>();

/** Kinds whose values have no parts a schema could leave out. */
const leaves = new Set([
  'string',
  'number',
  'boolean',
  'enum',
  'literal',
  'null',
  'undefined',
  'date',
  'template_literal',
  'nan',
  'any',
  'unknown',
]);
/** Kinds that wrap one inner schema and let null or undefined through as they are. */
const wrappers = new Set(['nullable', 'optional', 'readonly', 'nonoptional']);

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  valueType?: $ZodType;
};

/**
 * The projection of an answer onto its contract schema, compiled once per route: objects keep
 * their schema's keys in the schema's order (what zod's encode strips, this leaves out too, so no
 * stray field ever leaves the server), arrays and records project each item, and leaves go out
 * untouched. A kind with more to it than its shape (a union of objects, a pipe, an object that
 * keeps unknown keys) is handed to zod's own encode, so its output is exactly zod's.
 */
export function projectionOf(schema: $ZodType, within = new Set<$ZodType>()): Projection {
  // A schema met again inside itself (a tree) is zod's to write: its depth is the data's.
  if (within.has(schema)) return encoderOf(schema);
  within.add(schema);
  try {
    return projectionWithin(schema, (s) => projectionOf(s, within));
  } finally {
    within.delete(schema);
  }
}

function projectionWithin(schema: $ZodType, projectionOf: (s: $ZodType) => Projection): Projection {
  const def = schema._zod.def as unknown as Def;
  if (leaves.has(def.type)) return whole;
  if (wrappers.has(def.type) && def.innerType) {
    const inner = projectionOf(def.innerType);
    return inner === whole ? whole : (v) => (v === null || v === undefined ? v : inner(v));
  }
  if (def.type === 'object' && def.shape && isStripping(def.catchall)) {
    return objectProjection(
      Object.entries(def.shape).map(([key, s]) => [key, projectionOf(s)] as const),
    );
  }
  if (def.type === 'array' && def.element) {
    const item = projectionOf(def.element);
    return item === whole ? whole : (v) => (Array.isArray(v) ? v.map(item) : v);
  }
  if (def.type === 'union' && def.options?.every((o) => projectionOf(o) === whole)) return whole;
  if (def.type === 'record' && def.valueType) {
    const value = projectionOf(def.valueType);
    if (value === whole) return whole;
    return (v) => {
      if (v === null || typeof v !== 'object') return v;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = value(x);
      return out;
    };
  }
  return encoderOf(schema);
}

/**
 * The projection of one object schema, compiled to a function of its own that writes an object
 * literal with the schema's keys in order. One generic loop served every schema of the API, so
 * its property reads and writes met hundreds of shapes and V8 fell back to its slowest lookups;
 * a function per schema reads and builds one shape each (docs/performance.md "The hot path").
 * A key whose value is undefined stays in the literal, and JSON.stringify leaves it out, as zod
 * does. The keys are the contract's own, written as JSON string literals; `__proto__`, which a
 * literal would take for the prototype, keeps the loop.
 */
function objectProjection(fields: (readonly [string, Projection])[]): Projection {
  if (fields.some(([key]) => key === '__proto__')) {
    return (v) => {
      if (v === null || typeof v !== 'object') return v;
      const source = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, project] of fields) {
        const value = source[key];
        if (value !== undefined || byZod.has(project)) out[key] = project(value);
      }
      return out;
    };
  }
  const entries = fields.map(([key, project], i) => {
    const k = JSON.stringify(key);
    if (project === whole) return `${k}: v[${k}]`;
    if (byZod.has(project)) return `${k}: p[${i}](v[${k}])`;
    return `${k}: v[${k}] === undefined ? undefined : p[${i}](v[${k}])`;
  });
  const compile = new Function(
    'p',
    `return (v) => v === null || typeof v !== 'object' ? v : { ${entries.join(', ')} };`,
  ) as (projections: Projection[]) => Projection;
  return compile(fields.map(([, project]) => project));
}

/** zod's own encode of the schema, as a projection. */
function encoderOf(schema: $ZodType): Projection {
  const encode: Projection = (v) => {
    const result = safeEncode(schema, v);
    if (result.error) throw result.error;
    return result.data;
  };
  byZod.add(encode);
  return encode;
}

/** An object schema that drops unknown keys (the default, or `.strict()`), not `.loose()`. */
const isStripping = (catchall: $ZodType | undefined) =>
  catchall === undefined || (catchall._zod.def as unknown as Def).type === 'never';

function schemaOf(maybe: unknown): $ZodType {
  if (maybe instanceof $ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`not a zod schema: ${JSON.stringify(maybe)}`);
}

/**
 * How answers are written (docs/ARCHITECTURE.md "Answers"). Every answer is projected onto its
 * contract schema and written with JSON.stringify: the types already hold handlers to the
 * contract, and validating each answer again with zod cost the hot path far more than writing
 * it (docs/performance.md "The hot path"). With `check` (tests, browser journeys, `npm run dev`), each
 * answer is also encoded by zod, which refuses one that breaks the contract, and the two results
 * must be the same text: the whole suite proves the projection writes what zod would.
 */
export function contractSerializerCompiler(opts: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const project = projectionOf(schemaOf(route.schema));
    const write = (data: unknown) => JSON.stringify(project(data));
    if (!opts.check) return write;
    const checked = checkingSerializerCompiler(route as never) as (data: unknown) => string;
    return (data: unknown) => {
      const expected = checked(data);
      const written = write(data);
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the projection wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
