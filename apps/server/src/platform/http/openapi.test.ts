import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redoclyLint } from '../../openapiDocument.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { nullBranches } from './openapi.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  // Built here first, so a document that cannot be built fails with its reason (the served one
  // is a 500 problem then).
  const built = JSON.parse(JSON.stringify(t.app.swagger()));
  doc = (await t.app.inject('/api/openapi.json')).json();
  expect(doc).toEqual(built);
});
afterAll(() => t.close());

const openapiPath = (url: string) => url.replace(/:([A-Za-z]\w*)/g, '{$1}').replace(/\*$/, '{key}');
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('names every operation once, a contract call after its feature and name', () => {
    const ids = operations().map(({ key, op }) => ({ key, id: op.operationId }));
    expect(ids.filter((i) => !i.id)).toEqual([]);
    expect(new Set(ids.map((i) => i.id)).size).toBe(ids.length);
    for (const i of ids) expect(i.id).toMatch(/^[a-z][A-Za-z]*_[a-z][A-Za-z]*$/);
    for (const [feature, calls] of Object.entries(contract)) {
      for (const [name, e] of Object.entries(calls)) {
        const op = doc.paths[openapiPath(e.path)]?.[e.method.toLowerCase()];
        expect({ call: `${feature}.${name}`, id: op?.operationId }).toEqual({
          call: `${feature}.${name}`,
          id: `${feature}_${name}`,
        });
      }
    }
  });

  it('declares the token of every operation: none on public routes, the bearer token elsewhere', () => {
    const declared = operations().map(({ key, op }) => ({ key, security: op.security }));
    expect(declared.filter((d) => !d.security)).toEqual([]);
    let checked = 0;
    for (const r of t.app.routeAccess) {
      const op = doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) continue;
      checked++;
      const route = `${r.method} ${r.url}`;
      if (r.access === 'public')
        expect({ route, security: op.security }).toEqual({ route, security: [] });
      else
        expect({ route, security: op.security }).toEqual({
          route,
          security: expect.arrayContaining([{ bearer: [] }]),
        });
    }
    expect(checked).toBeGreaterThan(100);
    // Outside /api (SAML's browser addresses) no access rule applies: nothing checks a token.
    expect(doc.paths['/saml/{providerId}/metadata']?.get?.security).toEqual([]);
  });

  it('answers every error of every operation with a problem document', () => {
    for (const { key, op } of operations()) {
      expect({ key, type: Object.keys(op.responses['4XX']?.content ?? {}) }).toEqual({
        key,
        type: ['application/problem+json'],
      });
    }
  });

  it("names the storage route's wildcard `key`", () => {
    const storage = doc.paths['/api/Storage/b/{key}'];
    expect(Object.keys(storage ?? {}).sort()).toEqual(['get', 'head', 'post', 'put']);
    expect(storage?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'key', in: 'path', required: true }),
    ]);
  });

  it("lints clean under Redocly's recommended rules (redocly.yaml), without a warning", () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomscale-openapi-test-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const lint = redoclyLint(file, 'json');
      const report = JSON.parse(lint.stdout) as {
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      expect(
        report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
      ).toEqual([]);
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nullable schemas in OpenAPI 3.0', () => {
  const nullSchema = { type: 'string', nullable: true, enum: [null] };

  it('give a nullable union a null branch: `nullable` needs a `type` beside it', () => {
    const s = { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true };
    nullBranches(s);
    expect(s).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }, nullSchema] });
  });

  it('wrap a nullable reference, deep inside a schema, and leave a typed nullable alone', () => {
    const s = {
      type: 'object',
      properties: {
        a: { $ref: '#/components/schemas/A', nullable: true },
        b: { type: 'string', nullable: true },
      },
    };
    nullBranches(s);
    expect(s.properties).toEqual({
      a: { anyOf: [{ $ref: '#/components/schemas/A' }, nullSchema] },
      b: { type: 'string', nullable: true },
    });
  });
});
