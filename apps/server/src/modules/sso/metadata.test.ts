import { ssoApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childElements, NS, parseXml } from '../../test/saml/xml.ts';
import { team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

describe('our SAML metadata', () => {
  it('says what we need: signed assertions, the NameID formats and the attributes we read', async () => {
    const w = await team(t);
    const base = `http://roomscale.test/saml/saml-${w.id}`;
    const res = await t.app.inject({ method: 'GET', url: `/saml/saml-${w.id}/metadata` });
    expect(res.statusCode).toBe(200);
    const root = parseXml(res.body).documentElement!;
    expect([root.namespaceURI, root.localName]).toEqual([NS.md, 'EntityDescriptor']);
    expect(root.getAttribute('entityID')).toBe(`${base}/metadata`);

    const [sp, ...more] = childElements(root);
    expect(more).toHaveLength(0);
    expect([sp!.namespaceURI, sp!.localName]).toEqual([NS.md, 'SPSSODescriptor']);
    expect(sp!.getAttribute('protocolSupportEnumeration')).toBe(NS.samlp);
    expect(sp!.getAttribute('WantAssertionsSigned')).toBe('true');
    expect(sp!.getAttribute('AuthnRequestsSigned')).toBe('false');

    // In the order the metadata schema gives: NameIDFormat*, AssertionConsumerService+,
    // AttributeConsumingService*.
    const children = childElements(sp!);
    expect(children.every((c) => c.namespaceURI === NS.md)).toBe(true);
    expect(children.map((c) => c.localName)).toEqual([
      'NameIDFormat',
      'NameIDFormat',
      'AssertionConsumerService',
      'AttributeConsumingService',
    ]);
    expect(children.slice(0, 2).map((c) => c.textContent)).toEqual([
      'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    ]);
    const acs = children[2]!;
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(acs.getAttribute('Location')).toBe(`${base}/acs`);
    expect(acs.getAttribute('index')).toBe('1');

    const service = children[3]!;
    expect(service.getAttribute('index')).toBe('1');
    const [name, ...requested] = childElements(service);
    expect(name!.localName).toBe('ServiceName');
    expect(name!.getAttribute('xml:lang')).toBe('en');
    expect(name!.textContent).toBe('Roomscale');
    expect(
      requested.map((r) => [
        r.localName,
        r.getAttribute('Name'),
        r.getAttribute('NameFormat'),
        r.getAttribute('isRequired'),
      ]),
    ).toEqual(
      [
        ['email', 'basic'],
        ['mail', 'basic'],
        [`${CLAIMS}/emailaddress`, 'uri'],
        ['urn:oid:0.9.2342.19200300.100.1.3', 'uri'],
        [`${CLAIMS}/upn`, 'uri'],
      ].map(([n, f]) => [
        'RequestedAttribute',
        n,
        `urn:oasis:names:tc:SAML:2.0:attrname-format:${f}`,
        'false',
      ]),
    );
  });

  it('is the same document in the team settings as at the entity id', async () => {
    const w = await team(t);
    const served = await t.app.inject({ url: `/saml/saml-${w.id}/metadata` });
    const settings = await callEndpoint(t, ssoApi.getConfig, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(settings.status, settings.raw.body).toBe(200);
    expect(settings.body.samlConfig).toBe(served.body);
  });
});
