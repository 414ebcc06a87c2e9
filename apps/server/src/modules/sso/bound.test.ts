import { security } from '@roomscale/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { toSamlResponse } from '../../test/saml/response.ts';
import { buildSamlResponse, type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { boundSamlResponse } from './bound.ts';

const limit = security.samlResponse;
const deep = (levels: number) => `${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`;
const wide = (n: number) => `<r>${'<a/>'.repeat(n)}</r>`;

let keys: IdpKeys;
beforeAll(async () => {
  keys = await makeIdpKeys();
});

describe('the bound on a posted SAMLResponse, before any parser', () => {
  it('lets a genuine signed response through and reads its InResponseTo', () => {
    const samlResponse = buildSamlResponse({
      keys,
      issuer: 'https://idp.test/metadata',
      destination: 'https://roomscale.test/saml/saml-x/acs',
      audience: 'https://roomscale.test/saml/saml-x/metadata',
      inResponseTo: '_request-1',
      nameId: 'sid@fabrikam.test',
      attributes: { email: 'sid@fabrikam.test', groups: ['a', 'b', 'c'] },
    });
    const bounded = boundSamlResponse(samlResponse);
    expect(bounded).toMatchObject({ ok: true, inResponseTo: '_request-1' });
  });

  it('refuses a document nested 25,000 levels deep, and one just past the depth', () => {
    // The document: 250 KB of base64, 25,000 levels.
    const huge = toSamlResponse(
      `<samlp:Response InResponseTo="_x">${deep(25_000)}</samlp:Response>`,
    );
    expect(huge.length).toBeGreaterThan(230_000);
    expect(boundSamlResponse(huge)).toMatchObject({ ok: false, reason: 'tooLarge' });
    // Deep but small: refused for its depth, not its size.
    const tenThousand = toSamlResponse(deep(10_000));
    expect(Buffer.from(tenThousand, 'base64').length).toBeLessThan(limit.maxBytes);
    expect(boundSamlResponse(tenThousand)).toEqual({
      ok: false,
      reason: 'tooLarge',
      detail: 'elements nested too deep',
    });
    expect(boundSamlResponse(toSamlResponse(deep(limit.maxDepth)))).toMatchObject({ ok: true });
    expect(boundSamlResponse(toSamlResponse(deep(limit.maxDepth + 1)))).toMatchObject({
      ok: false,
      detail: 'elements nested too deep',
    });
  });

  it('refuses a wide document: more elements than allowed', () => {
    expect(boundSamlResponse(toSamlResponse(wide(limit.maxElements - 1)))).toMatchObject({
      ok: true,
    });
    expect(boundSamlResponse(toSamlResponse(wide(limit.maxElements)))).toEqual({
      ok: false,
      reason: 'tooLarge',
      detail: 'too many elements',
    });
    expect(boundSamlResponse(toSamlResponse(wide(30_000)))).toMatchObject({ reason: 'tooLarge' });
  });

  it('refuses more bytes than allowed without looking further', () => {
    const big = toSamlResponse(`<r>${'x'.repeat(limit.maxBytes)}</r>`);
    expect(boundSamlResponse(big)).toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  it('walks comments, CDATA, processing instructions and quoted ">" and "/>"', () => {
    const xml = `<?xml version="1.0"?><!-- <a><a> --><r a="x>y" b='/>'><![CDATA[<a><a>]]><c/></r>`;
    expect(boundSamlResponse(toSamlResponse(xml))).toMatchObject({ ok: true, inResponseTo: null });
  });

  it('refuses what it cannot walk, and document types (entity expansion)', () => {
    const malformed = [
      '',
      '%%%',
      'just text',
      '<r>',
      '</r>',
      '<r a="never closed>',
      '<r><!-- open',
      '<r/><r/>',
      '<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>',
    ];
    for (const xml of malformed) {
      expect(boundSamlResponse(toSamlResponse(xml)), xml).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('costs time linear in the size, whatever the shape', () => {
    // CPU time only (never wall-clock): the worst documents within the size cost about what a
    // flat one does, because the pass stops at the first limit and never builds a tree.
    const cpu = (samlResponse: string) => {
      const start = process.cpuUsage();
      for (let i = 0; i < 20; i++) boundSamlResponse(samlResponse);
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    const flat = toSamlResponse(`<r>${'x'.repeat(limit.maxBytes - 10)}</r>`);
    const baseline = cpu(flat);
    const worst = Math.max(
      cpu(toSamlResponse(deep(20_000))),
      cpu(toSamlResponse(wide(35_000))),
      cpu(toSamlResponse(`<r>${'<a b="c"></a>'.repeat(limit.maxElements - 2)}</r>`)),
    );
    expect(worst).toBeLessThan(baseline * 20 + 50_000);
  });
});
