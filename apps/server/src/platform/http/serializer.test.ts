import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler, projectionOf } from './serializer.ts';

/** What the checking serializer would write: zod's encode, then JSON. */
const zodText = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));
const projected = (schema: z.ZodType, value: unknown) =>
  JSON.stringify(projectionOf(schema)(value));

const team = z.object({ id: z.uuid(), name: z.string(), role: z.enum(['Admin', 'User']) });
const answer = z.object({
  id: z.uuid(),
  created: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
  count: z.number().int(),
  flags: z.array(z.boolean()),
  owner: team.nullable(),
  teams: z.array(team),
  byKey: z.record(z.string(), team),
  maybe: z.string().optional(),
  kind: z.union([z.literal('a'), z.literal('b')]),
});
const id = '0b0d669c-96fa-4975-950a-ea37b9f7a2d9';
const valid = {
  id,
  created: '2024-03-01T12:30:00.500Z',
  note: null,
  count: 3,
  flags: [true, false],
  owner: { id, name: 'Owner', role: 'Admin' },
  teams: [
    { id, name: 'A', role: 'User' },
    { id, name: 'B', role: 'Admin' },
  ],
  byKey: { x: { id, name: 'X', role: 'User' } },
  kind: 'b',
};

describe('the projection of an answer onto its schema', () => {
  it('writes a valid answer exactly as zod does', () => {
    expect(projected(answer, valid)).toBe(zodText(answer, valid));
    expect(projected(answer, { ...valid, owner: null, maybe: 'here' })).toBe(
      zodText(answer, { ...valid, owner: null, maybe: 'here' }),
    );
  });

  it('leaves out every key the schema does not name, at any depth, as zod does', () => {
    const leaky = {
      ...valid,
      passwordHash: 'secret',
      owner: { ...valid.owner, email: 'leak@example.com' },
      teams: valid.teams.map((t) => ({ ...t, internal: 1 })),
      byKey: { x: { ...valid.byKey.x, token: 't' } },
    };
    const text = projected(answer, leaky);
    for (const stray of ['passwordHash', 'leak@example.com', 'internal', 'token']) {
      expect(text).not.toContain(stray);
    }
    expect(text).toBe(zodText(answer, leaky));
  });

  it('keeps the schema order of the keys, whatever the order of the answer', () => {
    const reversed = Object.fromEntries(Object.entries(valid).reverse());
    expect(projected(answer, reversed)).toBe(zodText(answer, valid));
  });

  it('hands what has more than a shape to zod: unions of objects, loose objects, defaults', () => {
    const shapes = z.union([
      z.object({ type: z.literal('circle'), radius: z.number() }),
      z.object({ type: z.literal('square'), side: z.number() }),
    ]);
    const circle = { type: 'circle', radius: 2, colour: 'red' };
    expect(projected(shapes, circle)).toBe(zodText(shapes, circle));
    const loose = z.object({ a: z.number() }).loose();
    expect(projected(loose, { a: 1, b: 2 })).toBe(zodText(loose, { a: 1, b: 2 }));
    // zod fills no default when encoding: a missing value is refused by both.
    const withDefault = z.object({ a: z.number().default(7) });
    expect(() => zodText(withDefault, {})).toThrow();
    expect(() => projected(withDefault, {})).toThrow();
  });
  it('writes any key a schema may name, and leaves out an undefined value, as zod does', () => {
    const plain = {
      'a "quoted" key': z.string(),
      'line\nbreak': z.number(),
      constructor: z.string().optional(),
      nested: z.object({ 'with\\backslash': z.boolean(), toString: z.string() }).optional(),
    };
    // A computed key: a plain `__proto__:` in a literal would set the prototype instead.
    const odd = z.object({ ...plain, ['__proto__']: z.object({ inner: z.string() }).optional() });
    const full = {
      'a "quoted" key': 'q',
      'line\nbreak': 1,
      constructor: 'c',
      nested: { 'with\\backslash': true, toString: 's', stray: 1 },
    };
    Object.defineProperty(full, '__proto__', {
      value: { inner: 'i', stray: 2 },
      enumerable: true,
    });
    expect(projected(odd, full)).toBe(zodText(odd, full));
    // zod's own output has no `__proto__` key (it assigns keys, and that one sets a prototype):
    // the projection agrees, and no stray key inside it leaks.
    expect(projected(odd, full)).not.toContain('stray');
    const sparse = { 'a "quoted" key': 'q', 'line\nbreak': 2, constructor: undefined };
    expect(projected(odd, sparse)).toBe(zodText(odd, sparse));
    const withoutProto = z.object(plain);
    const explicit = { ...sparse, nested: undefined };
    expect(projected(withoutProto, explicit)).toBe(zodText(withoutProto, explicit));
    expect(projected(withoutProto, explicit)).toBe('{"a \\"quoted\\" key":"q","line\\nbreak":2}');
  });

  it('writes a tree (a schema inside itself) as zod does, to any depth', () => {
    const node = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof node> {
        return z.array(node);
      },
    });
    const tree = {
      name: 'root',
      hidden: 1,
      children: [{ name: 'a', children: [{ name: 'b', children: [], hidden: 2 }] }],
    };
    expect(projected(node, tree)).toBe(zodText(node, tree));
    expect(projected(node, tree)).not.toContain('hidden');
  });
});

describe('the contract serializer', () => {
  async function appWith(check: boolean, answerOf: () => unknown) {
    const app = Fastify();
    app.setSerializerCompiler(contractSerializerCompiler({ check }));
    app.get('/x', { schema: { response: { 200: answer } } }, async () => answerOf());
    await app.ready();
    return app;
  }

  it('writes the projection without validating when not checking', async () => {
    const app = await appWith(false, () => ({ ...valid, count: 'three', secret: 's' }));
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 'three' });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses an answer that breaks the contract when checking', async () => {
    const app = await appWith(true, () => ({ ...valid, count: 'three' }));
    expect((await app.inject('/x')).statusCode).toBe(500);
    await app.close();
  });

  it('answers what zod would when checking a valid answer', async () => {
    const app = await appWith(true, () => ({ ...valid, extra: 1 }));
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(zodText(answer, valid));
    await app.close();
  });
});
