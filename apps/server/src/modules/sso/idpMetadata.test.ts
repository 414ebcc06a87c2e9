import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { security, ssoMessages } from '@roomscale/shared';
import { ssoApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startTestIdp, type TestIdp } from '../../test/samlIdp.ts';
import { person, team } from '../../test/workspace.ts';
import { fetchMetadata, isPublicAddress, readIdpMetadata } from './idpMetadata.ts';

/**
 * Importing the identity provider's metadata (docs/sso.md). The fixtures under
 * test/saml/metadata/ follow the shapes the providers publish: Entra ID's federationmetadata.xml
 * (a default namespace, its own Signature and two WS-Federation RoleDescriptors before the
 * IDPSSODescriptor, two signing certificates while it rolls over), Okta's one-line
 * EntityDescriptor (HTTP-POST before HTTP-Redirect), Google Workspace's `md:` prefixed one with
 * the certificate wrapped in lines.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/saml/metadata/${name}`, import.meta.url), 'utf8');
const base64Of = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
const now = new Date();

let t: TestApp;
let idp: TestIdp;
beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

describe('reading identity provider metadata', () => {
  it("reads Entra ID's federation metadata past its RoleDescriptors and Signature", () => {
    const values = readIdpMetadata(fixture('entra-id.xml'), 'xml', now);
    const tenant = '8a1c2f5e-3b4d-4e6f-9a0b-1c2d3e4f5a6b';
    expect(values.entityId).toBe(`https://sts.windows.net/${tenant}/`);
    expect(values.loginUrl).toBe(`https://login.microsoftonline.com/${tenant}/saml2`);
    // Both signing certificates of the IDPSSODescriptor, each once (the RoleDescriptors' and the
    // Signature's copies are not read).
    expect(values.certificates).toHaveLength(2);
    for (const c of values.certificates) {
      expect(c.certificate).toMatch(/^MII[A-Za-z0-9+/=]+$/);
      expect(new Date(c.validTo!).getTime()).toBeGreaterThan(now.getTime());
    }
    expect(values.certificates[0]!.certificate).not.toBe(values.certificates[1]!.certificate);
  });

  it("reads Okta's metadata: the HTTP-Redirect address, not the HTTP-POST one listed first", () => {
    const values = readIdpMetadata(fixture('okta.xml'), 'xml', now);
    expect(values.entityId).toBe('http://www.okta.com/exk1a2b3c4d5e6f7g8h9');
    expect(values.loginUrl).toBe(
      'https://example.okta.com/app/example_roomscale_1/exk1a2b3c4d5e6f7g8h9/sso/saml',
    );
    expect(values.certificates).toHaveLength(1);
  });

  it("reads Google Workspace's md: prefixed metadata, the certificate's lines joined", () => {
    const values = readIdpMetadata(fixture('google-workspace.xml'), 'xml', now);
    expect(values.entityId).toBe('https://accounts.google.com/o/saml2?idpid=C01abc2de');
    expect(values.loginUrl).toBe('https://accounts.google.com/o/saml2/idp?idpid=C01abc2de');
    expect(values.certificates[0]!.certificate).not.toMatch(/\s/);
    // The same certificate as Okta's fixture: only the wrapping differs.
    expect(values.certificates[0]!.certificate).toBe(
      readIdpMetadata(fixture('okta.xml'), 'xml', now).certificates[0]!.certificate,
    );
  });

  it('refuses a DOCTYPE, XML that is not metadata, an SP only and a missing login URL or key', () => {
    const refused = (xml: string, message: string) => {
      expect(() => readIdpMetadata(xml, 'xml', now)).toThrow(message);
    };
    const okta = fixture('okta.xml');
    refused(
      `<!DOCTYPE x [<!ENTITY a "aaaa">]>${okta.replace(/^<\?xml[^>]*\?>/, '')}`,
      ssoMessages.metadataUnreadable,
    );
    refused('not xml at all', ssoMessages.metadataUnreadable);
    refused('<a><b></a>', ssoMessages.metadataUnreadable);
    refused('<html><body>Sign in</body></html>', ssoMessages.metadataNoIdp);
    refused(okta.replaceAll('IDPSSODescriptor', 'SPSSODescriptor'), ssoMessages.metadataNoIdp);
    refused(
      okta.replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*\/>/, ''),
      ssoMessages.metadataNoLoginUrl,
    );
    refused(
      okta.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''),
      ssoMessages.metadataNoCertificate,
    );
    // An encryption key is not a signing key.
    refused(okta.replace('use="signing"', 'use="encryption"'), ssoMessages.metadataNoCertificate);
  });

  it('bounds the work like a SAMLResponse: too deep, too many elements, too large', () => {
    const limit = security.samlMetadata;
    const deep = `${'<a>'.repeat(limit.maxDepth + 1)}${'</a>'.repeat(limit.maxDepth + 1)}`;
    expect(() => readIdpMetadata(deep, 'xml', now)).toThrow(ssoMessages.metadataTooLarge);
    const many = `<a>${'<b/>'.repeat(limit.maxElements)}</a>`;
    expect(() => readIdpMetadata(many, 'xml', now)).toThrow(ssoMessages.metadataTooLarge);
    const large = `<a>${'x'.repeat(limit.maxBytes)}</a>`;
    expect(() => readIdpMetadata(large, 'xml', now)).toThrow(ssoMessages.metadataTooLarge);
    // 25,000 levels, the consumer's worst case: refused at once, without a parser.
    const started = performance.now();
    const hostile = `${'<a>'.repeat(25_000)}${'</a>'.repeat(25_000)}`;
    expect(() => readIdpMetadata(hostile, 'xml', now)).toThrow(ssoMessages.metadataTooLarge);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('the addresses a metadata fetch may reach', () => {
  it('refuses loopback, private, link-local and reserved addresses, v4, v6 and mapped', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      'not an address',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['20.190.128.1', '8.8.8.8', '2606:4700::1111']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    // The test switch opens loopback only.
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.1.2.3', true)).toBe(false);
    expect(isPublicAddress('169.254.169.254', true)).toBe(false);
  });

  it('does not connect to a host name that resolves to loopback', async () => {
    await expect(
      fetchMetadata(`${new URL(idp.entityId).origin.replace('127.0.0.1', 'localhost')}/metadata`),
    ).rejects.toThrow(ssoMessages.metadataUrlPrivate);
    await expect(fetchMetadata(idp.entityId)).rejects.toThrow(ssoMessages.metadataUrlPrivate);
    await expect(fetchMetadata('http://[::1]:9/metadata')).rejects.toThrow(
      ssoMessages.metadataUrlPrivate,
    );
  });
});

describe('fetching metadata (loopback allowed, as in tests only)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: idp.entityId }).end();
      } else if (req.url === '/large') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(`<a>${'x'.repeat(security.samlMetadata.maxBytes + 10)}</a>`);
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write('<a>');
        // Never ends: the fetch gives up after its timeout.
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const loopback = { allowLoopback: true };

  it("fetches the test identity provider's metadata", async () => {
    const xml = await fetchMetadata(idp.entityId, loopback);
    const values = readIdpMetadata(xml, 'url', now);
    expect(values).toEqual({
      entityId: idp.entityId,
      loginUrl: idp.loginUrl,
      certificates: [{ certificate: base64Of(idp.certificatePem), validTo: expect.any(String) }],
    });
  });

  it('follows no redirect, stops at the size limit and gives up after the timeout', async () => {
    await expect(fetchMetadata(`${origin}/redirect`, loopback)).rejects.toThrow(
      ssoMessages.metadataUrlRedirect,
    );
    await expect(fetchMetadata(`${origin}/large`, loopback)).rejects.toThrow(
      ssoMessages.metadataTooLarge,
    );
    await expect(fetchMetadata(`${origin}/missing`, loopback)).rejects.toThrow(
      ssoMessages.metadataUrlUnreachable,
    );
    const started = Date.now();
    await expect(fetchMetadata(`${origin}/slow`, loopback)).rejects.toThrow(
      ssoMessages.metadataUrlTimeout,
    );
    expect(Date.now() - started).toBeLessThan(security.samlMetadata.fetchTimeoutMs + 2000);
  }, 15_000);
});

describe('POST …/SamlConfig/Metadata', () => {
  it('answers the values of pasted metadata to team admins, saving nothing', async () => {
    const w = await team(t);
    const res = await callEndpoint(t, ssoApi.importMetadata, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: { xml: fixture('okta.xml') },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      entityId: 'http://www.okta.com/exk1a2b3c4d5e6f7g8h9',
      loginUrl: 'https://example.okta.com/app/example_roomscale_1/exk1a2b3c4d5e6f7g8h9/sso/saml',
      certificates: [{ certificate: expect.stringMatching(/^MII/) }],
    });
    const config = await callEndpoint(t, ssoApi.getConfig, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(config.body).toMatchObject({ configured: false, identityLabel: '' });

    expectProblem(
      await callEndpoint(t, ssoApi.importMetadata, {
        params: { organizationId: w.id },
        token: w.member.session,
        body: { xml: fixture('okta.xml') },
      }),
      403,
    );
    const stranger = await person(t);
    expectProblem(
      await callEndpoint(t, ssoApi.importMetadata, {
        params: { organizationId: w.id },
        token: stranger.session,
        body: { xml: fixture('okta.xml') },
      }),
      404,
    );
  });

  it("takes Entra ID's metadata, larger than the API's usual body limit allows", async () => {
    const w = await team(t);
    const padded = fixture('entra-id.xml').replace(
      '<IDPSSODescriptor',
      `<Organization>${'<OrganizationName xml:lang="en">Contoso</OrganizationName>'.repeat(2000)}</Organization><IDPSSODescriptor`,
    );
    expect(padded.length).toBeGreaterThan(100 * 1024);
    const res = await callEndpoint(t, ssoApi.importMetadata, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: { xml: padded },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body.certificates).toHaveLength(2);
  });

  it('answers per-field problems for bad input, never a 500', async () => {
    const w = await team(t);
    const post = (body: unknown) =>
      callUnchecked(t, ssoApi.importMetadata, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body,
      });
    expectProblem(await post({}), 400, 'xml', ssoMessages.metadataMissing);
    expectProblem(await post({ xml: '   ' }), 400, 'xml', ssoMessages.metadataMissing);
    expectProblem(
      await post({ xml: '<x/>', url: 'https://idp.example.com/metadata' }),
      400,
      'url',
      ssoMessages.metadataOneSource,
    );
    expectProblem(await post({ url: 'ftp://idp.example.com/m' }), 400, 'url');
    expectProblem(await post({ url: 'not a url' }), 400, 'url');
    expectProblem(
      await post({ xml: '<!DOCTYPE a><a/>' }),
      400,
      'xml',
      ssoMessages.metadataUnreadable,
    );
    expectProblem(await post({ xml: '<a/>' }), 400, 'xml', ssoMessages.metadataNoIdp);
    // Loopback is refused outside of tests that allow it, as every private address.
    expectProblem(await post({ url: idp.entityId }), 400, 'url', ssoMessages.metadataUrlPrivate);
    expectProblem(
      await post({ url: 'http://169.254.169.254/latest/meta-data' }),
      400,
      'url',
      ssoMessages.metadataUrlPrivate,
    );
  });

  it('fetches an address when the test-only switch allows loopback', async () => {
    const w = await team(t);
    process.env.ALLOW_PRIVATE_METADATA_URLS = 'true';
    try {
      const res = await callEndpoint(t, ssoApi.importMetadata, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: { url: idp.entityId },
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.body).toMatchObject({ entityId: idp.entityId, loginUrl: idp.loginUrl });
    } finally {
      delete process.env.ALLOW_PRIVATE_METADATA_URLS;
    }
  });
});
