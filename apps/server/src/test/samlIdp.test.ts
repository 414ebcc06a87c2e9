import { createPrivateKey, verify, X509Certificate } from 'node:crypto';
import {
  type CacheItem,
  type CacheProvider,
  SAML,
  type SamlConfig,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExclusiveCanonicalization, SignedXml } from 'xml-crypto';
import {
  ALG,
  child,
  childElements,
  descendants,
  digestOf,
  NS,
  parseXml,
  type XElement,
} from './saml/xml.ts';
import {
  type AttackOptions,
  buildSamlResponse,
  buildSamlResponseXml,
  commentTruncationSignedNameId,
  DEFAULT_EVIL_NAME_ID,
  fromSamlResponse,
  type IdpKeys,
  keyInfoCertificateSwapped,
  makeIdpKeys,
  NAMEID_EMAIL,
  oneSignatureShapes,
  randomSamlId,
  samlAttack,
  samlAttacks,
  startTestIdp,
  type TestIdp,
} from './samlIdp.ts';

/*
 * The test identity provider against node-saml at its strictest (our SP accepts either
 * signature, then checks more itself: docs/sso.md): both signatures, the pinned certificate,
 * our audience, InResponseTo always. A genuine response
 * validates; each attack shape is refused — or, where node-saml accepts it, the test says so,
 * which is a check the SP must make itself.
 */

const SP_ENTITY_ID = 'https://roomscale.test/saml/saml-team/metadata';
const ACS = 'https://roomscale.test/saml/saml-team/acs';
const ALICE = 'alice@example.com';

/** The SP's store of sent AuthnRequests, as node-saml's CacheProvider. */
class MemoryRequests implements CacheProvider {
  private readonly items = new Map<string, CacheItem>();
  async saveAsync(key: string, value: string) {
    if (this.items.has(key)) return null;
    const item = { value, createdAt: Date.now() };
    this.items.set(key, item);
    return item;
  }
  async getAsync(key: string) {
    return this.items.get(key)?.value ?? null;
  }
  async removeAsync(key: string | null) {
    return key !== null && this.items.delete(key) ? key : null;
  }
}

let keys: IdpKeys;
let attackerKeys: IdpKeys;
let idp: TestIdp;
beforeAll(async () => {
  [keys, attackerKeys] = await Promise.all([
    makeIdpKeys(),
    makeIdpKeys({ commonName: 'Attacker' }),
  ]);
  idp = await startTestIdp({ keys });
});
afterAll(() => idp.close());

function strictSp(requests: CacheProvider, overrides: Partial<SamlConfig> = {}) {
  return new SAML({
    callbackUrl: ACS,
    entryPoint: idp.loginUrl,
    issuer: SP_ENTITY_ID,
    audience: SP_ENTITY_ID,
    idpCert: keys.certificatePem,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: requests,
    acceptedClockSkewMs: 60_000,
    ...overrides,
  });
}

/** The options of a genuine answer to a request the SP just sent (its id is in `requests`). */
async function sentRequest() {
  const requests = new MemoryRequests();
  const id = randomSamlId();
  await requests.saveAsync(id, new Date().toISOString());
  const options: AttackOptions = {
    keys,
    attackerKeys,
    issuer: idp.entityId,
    destination: ACS,
    audience: SP_ENTITY_ID,
    inResponseTo: id,
    nameId: ALICE,
  };
  return { requests, id, options };
}

/** Builds a response for a fresh request and posts it to a strict SP (with `overrides`). */
async function post(build: (opts: AttackOptions) => string, overrides: Partial<SamlConfig> = {}) {
  const { requests, options } = await sentRequest();
  return strictSp(requests, overrides).validatePostResponseAsync({ SAMLResponse: build(options) });
}

describe('makeIdpKeys', () => {
  it('makes an RSA-2048 key and its self-signed certificate, valid now, once per options', async () => {
    const cert = new X509Certificate(keys.certificatePem);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(cert.checkPrivateKey(createPrivateKey(keys.privateKeyPem))).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.subject).toContain('CN=Roomscale test identity provider');
    expect(new Date(cert.validFrom).getTime()).toBeLessThan(Date.now());
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now());
    expect(await makeIdpKeys()).toBe(keys);
    expect(attackerKeys.certificatePem).not.toBe(keys.certificatePem);
  });

  it('makes expired and not yet valid certificates', async () => {
    const [expired, future] = await Promise.all([
      makeIdpKeys({ expired: true }),
      makeIdpKeys({ notYetValid: true }),
    ]);
    expect(new Date(new X509Certificate(expired.certificatePem).validTo).getTime()).toBeLessThan(
      Date.now(),
    );
    expect(
      new Date(new X509Certificate(future.certificatePem).validFrom).getTime(),
    ).toBeGreaterThan(Date.now());
  });
});

describe('buildSamlResponse', () => {
  it('validates with a strict SP and yields the NameID, its format and the attributes', async () => {
    const { requests, id, options } = await sentRequest();
    const { profile } = await strictSp(requests).validatePostResponseAsync({
      SAMLResponse: buildSamlResponse(options),
    });
    expect(profile).toMatchObject({
      nameID: ALICE,
      nameIDFormat: NAMEID_EMAIL,
      email: ALICE,
      issuer: idp.entityId,
      inResponseTo: id,
    });
  });

  it('signs the Assertion, then the Response, each right after its Issuer, with the certificate in KeyInfo', async () => {
    const { options } = await sentRequest();
    const doc = parseXml(buildSamlResponseXml(options));
    const response = doc.documentElement!;
    const assertion = child(response, NS.saml, 'Assertion');
    const certificate = keys.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    for (const signed of [response, assertion]) {
      const [issuer, signature] = childElements(signed);
      expect(issuer?.localName).toBe('Issuer');
      expect(signature?.localName).toBe('Signature');
      const reference = descendants(signature!, NS.ds, 'Reference')[0]!;
      expect(reference.getAttribute('URI')).toBe(`#${signed.getAttribute('ID')}`);
      expect(descendants(signature!, NS.ds, 'SignatureMethod')[0]!.getAttribute('Algorithm')).toBe(
        ALG.rsaSha256,
      );
      expect(
        descendants(signature!, NS.ds, 'CanonicalizationMethod')[0]!.getAttribute('Algorithm'),
      ).toBe(ALG.excC14n);
      expect(descendants(signature!, NS.ds, 'X509Certificate')[0]!.textContent).toBe(certificate);
    }
  });

  it('escapes every value: markup in a NameID or an attribute stays text', async () => {
    const { requests, options } = await sentRequest();
    const nameId = `x"/><saml:NameID>${DEFAULT_EVIL_NAME_ID}</saml:NameID>&amp;]]>@example.com`;
    const samlResponse = buildSamlResponse({
      ...options,
      nameId,
      attributes: { email: nameId, role: ['<a>', "'b'"] },
    });
    const { profile } = await strictSp(requests).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    });
    expect(profile?.nameID).toBe(nameId);
    expect(profile?.attributes).toEqual({ email: nameId, role: ['<a>', "'b'"] });
  });

  it('leaves InResponseTo out when there is none', async () => {
    const { options } = await sentRequest();
    expect(buildSamlResponseXml({ ...options, inResponseTo: undefined })).not.toContain(
      'InResponseTo',
    );
  });
});

/** node-saml's refusal of each shape, as a strict SP and as an SP that requires only the
 * signature the shape goes after ('original': it accepts, with the genuine, signed user). */
const refusals: Record<string, { strict: RegExp; alone?: RegExp | 'original' }> = {
  unsigned: { strict: /^Invalid document signature$/, alone: /^Invalid (document )?signature$/ },
  signedByUntrustedKey: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid (document )?signature$/,
  },
  tamperedNameId: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid (document )?signature$/,
  },
  xsw1: {
    strict: /Referenced node does not refer to it's parent/,
    alone: /Referenced node does not refer/,
  },
  xsw2: {
    strict: /Referenced node does not refer to it's parent/,
    alone: /Referenced node does not refer/,
  },
  xsw3: { strict: /^Invalid document signature$/, alone: /multiple assertions/ },
  xsw4: { strict: /^Invalid document signature$/, alone: /^Invalid signature$/ },
  xsw5: { strict: /^Invalid document signature$/, alone: /multiple assertions/ },
  xsw6: { strict: /^Invalid document signature$/, alone: /Referenced node does not refer/ },
  xsw7: { strict: /^Invalid document signature$/, alone: 'original' },
  xsw8: { strict: /^Invalid document signature$/, alone: /Referenced node does not refer/ },
  responseSignedAssertionSwapped: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid document signature$/,
  },
  responseSignedSecondAssertion: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid document signature$/,
  },
  // node-saml reads only the verified bytes: it signs in the genuine user; our SP refuses it.
  assertionInResponseSignature: { strict: /^Invalid signature$/, alone: 'original' },
  signedResponseInsideWrapper: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid document signature$/,
  },
  // node-saml ignores a Response signature it cannot verify; our SP refuses it.
  responseSignedByUntrustedKey: { strict: /^Invalid document signature$/, alone: 'original' },
  digestValueComment: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid (document )?signature$/,
  },
  multipleSignedInfo: { strict: /^Invalid document signature$/, alone: /too many transforms/ },
  wrappedSignedInfo: { strict: /^Invalid document signature$/, alone: /too many transforms/ },
  signedAssertionElsewhere: {
    strict: /^Invalid document signature$/,
    alone: /^Invalid signature$/,
  },
  referenceToOtherElement: {
    strict: /^Invalid document signature$/,
    alone: /Referenced node does not refer/,
  },
  multipleRootElements: { strict: /xmldom error/, alone: /xmldom error/ },
  emptyUriReference: {
    strict: /signature reference uri not found/,
    alone: /signature reference uri not found/,
  },
  otherAudience: { strict: /audience mismatch/ },
  expired: { strict: /No valid subject confirmation/ },
  notYetValid: { strict: /not yet valid/ },
  unsolicited: { strict: /InResponseTo is missing/ },
  unknownRequest: { strict: /InResponseTo is not valid/ },
  subjectAnswersOtherRequest: { strict: /InResponseTo does not match subjectInResponseTo/ },
  failureStatus: { strict: /Responder error: Sign-in failed/ },
};

/** The SP that requires only the signature an attack goes after. */
const alone = (targets: 'response' | 'assertion'): Partial<SamlConfig> =>
  targets === 'response' ? { wantAssertionsSigned: false } : { wantAuthnResponseSigned: false };

describe('attack shapes against node-saml 5.1', () => {
  const refused = samlAttacks.filter((a) => a.nodeSaml === 'rejects');

  it('lists how node-saml refuses every shape it refuses', () => {
    expect(Object.keys(refusals).sort()).toEqual(refused.map((a) => a.name).sort());
  });

  it.each(refused)('a strict SP refuses $name', async (attack) => {
    await expect(post(attack.build)).rejects.toThrow(refusals[attack.name]!.strict);
  });

  it.each(refused.filter((a) => a.targets))(
    'an SP requiring only the signature it targets ($targets) refuses $name too',
    async (attack) => {
      const expected = refusals[attack.name]!.alone!;
      const targets =
        attack.targets === 'both' ? (['response', 'assertion'] as const) : [attack.targets!];
      for (const target of targets) {
        const result = post(attack.build, alone(target));
        if (expected === 'original')
          await expect(result).resolves.toMatchObject({ profile: { nameID: ALICE } });
        else await expect(result).rejects.toThrow(expected);
      }
    },
  );

  it('a strict SP refuses a response signed once; one requiring only that signature accepts it', async () => {
    await expect(post(oneSignatureShapes.assertionOnly)).rejects.toThrow(
      /^Invalid document signature$/,
    );
    await expect(post(oneSignatureShapes.responseOnly)).rejects.toThrow(/^Invalid signature$/);
    await expect(post(oneSignatureShapes.assertionOnly, alone('assertion'))).resolves.toMatchObject(
      { profile: { nameID: ALICE } },
    );
    await expect(post(oneSignatureShapes.responseOnly, alone('response'))).resolves.toMatchObject({
      profile: { nameID: ALICE },
    });
  });

  it('refuses a failure status as a SamlStatusError', async () => {
    await expect(post(samlAttack('failureStatus').build)).rejects.toBeInstanceOf(SamlStatusError);
  });

  it.each(
    samlAttacks.filter((a) => a.nodeSaml === 'accepts' && a.name !== 'nameIdCommentTruncation'),
  )('accepts $name: the SP must check it itself', async (attack) => {
    expect(attack.spMustCheck).toEqual(expect.any(String));
    await expect(post(attack.build)).resolves.toMatchObject({ profile: { nameID: ALICE } });
  });

  it('reads the whole NameID of a comment-truncated one, never the part before the comment', async () => {
    const { requests, options } = await sentRequest();
    const attack = samlAttack('nameIdCommentTruncation');
    const samlResponse = attack.build(options);
    expect(fromSamlResponse(samlResponse)).toContain(
      `${DEFAULT_EVIL_NAME_ID}<!---->.attacker.example`,
    );
    const { profile } = await strictSp(requests).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    });
    expect(profile?.nameID).toBe(commentTruncationSignedNameId(options));
    expect(profile?.email).toBe(commentTruncationSignedNameId(options));
  });

  it.each([
    'xsw1',
    'xsw2',
    'xsw3',
    'xsw4',
    'xsw5',
    'xsw6',
    'xsw7',
    'xsw8',
    'signedAssertionElsewhere',
    'referenceToOtherElement',
  ])(
    '%s still carries a signature that verifies on its own (the refusal is about what it covers)',
    async (name) => {
      const { options } = await sentRequest();
      const xml = fromSamlResponse(samlAttack(name).build(options));
      const verifiesAlone = descendants(parseXml(xml), NS.ds, 'Signature').some((signature) => {
        const sig = new SignedXml({ publicCert: keys.certificatePem });
        try {
          sig.loadSignature(signature as never);
          return sig.checkSignature(xml);
        } catch {
          return false;
        }
      });
      expect(verifiesAlone).toBe(true);
    },
  );

  it('digestValueComment is what xml-crypto < 6.0.1 accepted: genuine SignatureValues, forged digests in comments', async () => {
    const { options } = await sentRequest();
    const doc = parseXml(fromSamlResponse(samlAttack('digestValueComment').build(options)));
    const response = doc.documentElement!;
    for (const signed of [response, child(response, NS.saml, 'Assertion')]) {
      const signature = child(signed, NS.ds, 'Signature');
      expect(signatureValueVerifies(signature, child(signature, NS.ds, 'SignedInfo'))).toBe(true);
      const digestValue = descendants(signature, NS.ds, 'DigestValue')[0]!;
      expect(digestValue.firstChild?.nodeType).toBe(8); // a comment …
      expect((digestValue.firstChild as unknown as { data: string }).data).toBe(digestOf(signed)); // … of the tampered digest
    }
  });

  it('multipleSignedInfo is what xml-crypto < 6.0.1 accepted: a genuine first SignedInfo, a forged second one', async () => {
    const { options } = await sentRequest();
    const doc = parseXml(fromSamlResponse(samlAttack('multipleSignedInfo').build(options)));
    const evil = child(doc.documentElement!, NS.saml, 'Assertion');
    const signature = child(evil, NS.ds, 'Signature');
    const [genuine, forged] = childElements(signature).filter((e) => e.localName === 'SignedInfo');
    expect(signatureValueVerifies(signature, genuine!)).toBe(true);
    expect(descendants(forged!, NS.ds, 'Reference')[0]!.getAttribute('URI')).toBe(
      `#${evil.getAttribute('ID')}`,
    );
    expect(descendants(forged!, NS.ds, 'DigestValue')[0]!.textContent).toBe(digestOf(evil));
    expect(child(child(evil, NS.saml, 'Subject'), NS.saml, 'NameID').textContent).toBe(
      DEFAULT_EVIL_NAME_ID,
    );
  });

  it('verifies with the pinned certificate, never the one in KeyInfo', async () => {
    // Genuine signatures with the attacker's certificate in KeyInfo: accepted.
    await expect(post(keyInfoCertificateSwapped)).resolves.toMatchObject({
      profile: { nameID: ALICE },
    });
    // The attacker's signatures with the attacker's certificate in KeyInfo: refused.
    await expect(post(samlAttack('signedByUntrustedKey').build)).rejects.toThrow(
      /Invalid document signature/,
    );
  });

  it('refuses the same response posted twice: the request is consumed', async () => {
    const { requests, options } = await sentRequest();
    const sp = strictSp(requests);
    const samlResponse = buildSamlResponse(options);
    await expect(
      sp.validatePostResponseAsync({ SAMLResponse: samlResponse }),
    ).resolves.toBeTruthy();
    await expect(sp.validatePostResponseAsync({ SAMLResponse: samlResponse })).rejects.toThrow(
      /InResponseTo is not valid/,
    );
  });

  it('does not look at certificate dates: the SP must check them itself', async () => {
    for (const dated of [
      await makeIdpKeys({ expired: true }),
      await makeIdpKeys({ notYetValid: true }),
    ]) {
      const { requests, options } = await sentRequest();
      const sp = strictSp(requests, { idpCert: dated.certificatePem });
      const samlResponse = buildSamlResponse({ ...options, keys: dated });
      await expect(
        sp.validatePostResponseAsync({ SAMLResponse: samlResponse }),
      ).resolves.toBeTruthy();
    }
  });
});

/** Whether the SignatureValue of `signature` verifies over `signedInfo` with the IdP's key. */
function signatureValueVerifies(signature: XElement, signedInfo: XElement) {
  const canonical = new ExclusiveCanonicalization().process(signedInfo as never, {}).toString();
  const value = child(signature, NS.ds, 'SignatureValue').textContent ?? '';
  return verify(
    'RSA-SHA256',
    Buffer.from(canonical),
    keys.certificatePem,
    Buffer.from(value, 'base64'),
  );
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

/** The auto-submitted form of the IdP's answer: where it posts and what. */
function postedForm(html: string) {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescapeHtml(m[2]!),
    ]),
  );
  return { action: action && unescapeHtml(action), fields };
}

describe('startTestIdp over HTTP', () => {
  const loginForm = async (url: string) => {
    const page = await fetch(url);
    const html = await page.text();
    return {
      status: page.status,
      html,
      pending: /name="pending" value="([^"]+)"/.exec(html)?.[1] ?? '',
    };
  };
  const submit = (pending: string, fields: Record<string, string>) =>
    fetch(new URL('/sso/login', idp.loginUrl), {
      method: 'POST',
      body: new URLSearchParams({ pending, ...fields }),
    });

  it('signs in through an AuthnRequest of node-saml and posts a response node-saml accepts', async () => {
    const requests = new MemoryRequests();
    const sp = strictSp(requests);
    const signIn = await loginForm(await sp.getAuthorizeUrlAsync('relay-42', undefined, {}));
    expect(signIn.status).toBe(200);
    expect(signIn.html).toContain('<h1>Test identity provider</h1>');
    expect(signIn.html).toMatch(/<label for="email">Email<\/label>/);
    expect(signIn.html).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(signIn.html).toMatch(/<button[^>]*>Cancel<\/button>/);
    const request = idp.lastRequest()!;
    expect(request).toMatchObject({
      issuer: SP_ENTITY_ID,
      acsUrl: ACS,
      destination: idp.loginUrl,
      relayState: 'relay-42',
    });

    const answer = await submit(signIn.pending, { email: ALICE, action: 'login' });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
    expect(html).toContain('document.forms[0].submit()');
    const form = postedForm(html);
    expect(form.action).toBe(ACS);
    expect(form.fields.RelayState).toBe('relay-42');

    const { profile } = await sp.validatePostResponseAsync({
      SAMLResponse: form.fields.SAMLResponse!,
    });
    expect(profile).toMatchObject({
      nameID: ALICE,
      email: ALICE,
      issuer: idp.entityId,
      inResponseTo: request.id,
    });
    // Each sign-in request is answered once.
    expect((await submit(signIn.pending, { email: ALICE, action: 'login' })).status).toBe(400);
  });

  it('refuses an AuthnRequest addressed to another Destination', async () => {
    const sp = strictSp(new MemoryRequests(), { entryPoint: 'https://another-idp.example/sso' });
    const sent = new URL(await sp.getAuthorizeUrlAsync('', undefined, {}));
    const page = await loginForm(`${idp.loginUrl}${sent.search}`);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Destination');
  });

  it('answers Cancel with a failure status that node-saml reports', async () => {
    const sp = strictSp(new MemoryRequests());
    const signIn = await loginForm(await sp.getAuthorizeUrlAsync('', undefined, {}));
    const form = postedForm(await (await submit(signIn.pending, { action: 'cancel' })).text());
    await expect(
      sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse! }),
    ).rejects.toBeInstanceOf(SamlStatusError);
  });

  it('lets only its users sign in when it has a list', async () => {
    const restricted = await startTestIdp({ keys, users: [ALICE] });
    try {
      const sp = strictSp(new MemoryRequests(), { entryPoint: restricted.loginUrl });
      const signIn = await loginForm(await sp.getAuthorizeUrlAsync('', undefined, {}));
      const send = (email: string) =>
        fetch(new URL('/sso/login', restricted.loginUrl), {
          method: 'POST',
          body: new URLSearchParams({ pending: signIn.pending, email, action: 'login' }),
        });
      const refused = await send('bob@example.com');
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('No account with this email');
      expect((await send(ALICE)).status).toBe(200);
    } finally {
      await restricted.close();
    }
  });

  it('checks the signature of signed AuthnRequests when it knows the SP certificate', async () => {
    const spKeys = await makeIdpKeys({ commonName: 'Roomscale SP' });
    const strictIdp = await startTestIdp({ keys, spCertificatePem: spKeys.certificatePem });
    try {
      const signing = {
        entryPoint: strictIdp.loginUrl,
        privateKey: spKeys.privateKeyPem,
        signatureAlgorithm: 'sha256' as const,
      };
      const signedUrl = await strictSp(new MemoryRequests(), signing).getAuthorizeUrlAsync(
        'r&s',
        undefined,
        {},
      );
      expect((await loginForm(signedUrl)).status).toBe(200);
      expect(strictIdp.lastRequest()?.signed).toBe(true);

      const tampered = new URL(signedUrl);
      tampered.searchParams.set('RelayState', 'other');
      expect((await loginForm(tampered.toString())).status).toBe(400);
      const unsigned = await strictSp(new MemoryRequests(), {
        entryPoint: strictIdp.loginUrl,
      }).getAuthorizeUrlAsync('', undefined, {});
      expect((await loginForm(unsigned)).status).toBe(400);
    } finally {
      await strictIdp.close();
    }
  });

  it('serves its metadata at its entity id', async () => {
    const res = await fetch(idp.entityId);
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect(xml).toContain(`entityID="${idp.entityId}"`);
    expect(xml).toContain(`Location="${idp.loginUrl}"`);
    expect(xml).toContain(keys.certificatePem.split('\n')[1]);
  });
});
