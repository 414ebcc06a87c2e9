import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import {
  limits,
  profileImageAddress,
  profileImageMessages,
  profileImageUrl,
  serverMessages,
} from '@roomscale/shared';
import { profileImagesApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createTeam, createUser, expectProblem, PASSWORD, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real 2×1 PNG (red, blue). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

type Token = { access_token: string };
/** Uploads the caller's picture (`'user'`) or a team's logo, as the raw body. */
const upload = (
  to: 'user' | { organizationId: string },
  body: Buffer,
  fileName: string,
  type: string,
  token?: Token,
) => {
  const input = { query: { fileName }, body, token, headers: { 'content-type': type } };
  return to === 'user'
    ? callEndpoint(t, profileImagesApi.uploadMine, input)
    : callEndpoint(t, profileImagesApi.uploadTeamLogo, { ...input, params: to });
};
/** A picture's address (as an upload answers it), fetched with a token or (signed) without one. */
const getImage = (path: string, token?: Token) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: token ? { authorization: `Bearer ${token.access_token}` } : {},
  });
/** A picture by its slug, with a token or without one. */
const imageOf = (slug: string, token?: Token) =>
  callEndpoint(t, profileImagesApi.image, { params: { slug }, token });

describe('user picture', () => {
  it('requires a signed-in caller', async () => {
    expectProblem(await upload('user', png(), 'me.png', 'image/png'), 401);
    expectProblem(await callEndpoint(t, profileImagesApi.removeMine), 401);
  });

  it('stores, serves, replaces and removes the picture', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const first = await upload('user', png(), 'Me.PNG', 'image/png', session);
    expect(first.status, first.raw.body).toBe(200);
    const result = first.body;
    expect(result.slug).toBe(`user-${user.id}`);
    // A signed address: the picture's address with when it ends and its signature.
    expect(result.url).toMatch(
      new RegExp(
        `^${literal(profileImageUrl('user', user.id, result.imageUpdated))}&expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.imageUpdated?.toISOString()).toBe(result.imageUpdated);

    const served = await getImage(result.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['cache-control']).toContain('private');
    expect(served.rawPayload.equals(png())).toBe(true);
    const undated = await imageOf(`user-${user.id}`, session);
    expect(undated.status).toBe(200);
    expect(undated.headers['cache-control']).toBe('private, no-cache');

    t.clock.advance(60);
    const second = await upload('user', gif, 'me.gif', 'image/gif', session);
    expect(second.status, second.raw.body).toBe(200);
    expect(second.body.imageUpdated).not.toBe(result.imageUpdated);
    const replaced = await getImage(second.body.url);
    expect(replaced.headers['content-type']).toBe('image/gif');
    expect(replaced.rawPayload.equals(gif)).toBe(true);
    // The old address now shows the new picture and may not be cached for good.
    expect((await getImage(result.url)).headers['cache-control']).toBe('private, no-cache');

    const removed = await callEndpoint(t, profileImagesApi.removeMine, { token: session });
    expect(removed.status).toBe(204);
    expectProblem(await getImage(second.body.url), 404);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.imageUpdated).toBeNull();
  });

  it('accepts a JPEG sent as octet-stream', async () => {
    const session = await signIn(t, await createUser(t));
    const res = await upload('user', jpeg, 'photo.jpeg', 'application/octet-stream', session);
    expect(res.status, res.raw.body).toBe(200);
    expect((await getImage(res.body.url)).headers['content-type']).toBe('image/jpeg');
  });

  describe('refuses what is not a small jpg, gif or png', () => {
    const text = Buffer.from('just some words, not a picture');
    const cases: [string, Buffer, string, string][] = [
      ['a text file renamed to .png', text, 'notes.png', 'image/png'],
      ['a PNG named .txt', png(), 'picture.txt', 'image/png'],
      ['a PNG named .gif', png(), 'picture.gif', 'image/gif'],
      ['a PNG declared as a GIF', png(), 'picture.png', 'image/gif'],
      ['a name without extension', png(), 'picture', 'image/png'],
      ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ];
    for (const [name, body, fileName, type] of cases) {
      it(name, async () => {
        const user = await createUser(t);
        const res = await upload('user', body, fileName, type, await signIn(t, user));
        const problem = expectProblem(res, 400);
        expect(problem.detail).toBe(profileImageMessages.typeNotSupported);
        const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
        expect(row?.imageUpdated).toBeNull();
      });
    }

    it('an image of 10,000,000 bytes', async () => {
      const user = await createUser(t);
      const big = Buffer.alloc(limits.profileImageMaxBytes);
      png().copy(big);
      const res = await upload('user', big, 'big.png', 'image/png', await signIn(t, user));
      expect(expectProblem(res, 413).detail).toBe(profileImageMessages.tooBig);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.imageUpdated).toBeNull();
    });

    it('an image of 10,000,000 bytes sent without a length', async () => {
      const user = await createUser(t);
      const session = await signIn(t, user);
      const chunks = [png(), Buffer.alloc(limits.profileImageMaxBytes)];
      // A stream, which the contract's body types (bytes in hand) do not hold.
      const res = await callUnchecked(t, profileImagesApi.uploadMine, {
        query: { fileName: 'big.png' },
        body: Readable.from(chunks),
        token: session,
        headers: { 'content-type': 'image/png' },
      });
      expect(expectProblem(res, 413).detail).toBe(profileImageMessages.tooBig);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.imageUpdated).toBeNull();
    });

    it('an image without a file name', async () => {
      const session = await signIn(t, await createUser(t));
      const res = await callEndpoint(t, profileImagesApi.uploadMine, {
        token: session,
        body: png(),
        headers: { 'content-type': 'image/png' },
      });
      expectProblem(res, 400, 'fileName');
    });
  });
});

describe('team logo', () => {
  async function team() {
    const admin = await createUser(t);
    const member = await createUser(t);
    const created = await createTeam(t, admin.id);
    await t.ctx.db.insert(memberships).values({
      organizationId: created.id,
      userId: member.id,
      role: 'User',
      licenseType: 'Trial',
    });
    return { id: created.id, admin: await signIn(t, admin), member: await signIn(t, member) };
  }
  const logo = (organizationId: string) => ({ organizationId });
  const removeLogo = (organizationId: string, token: Token) =>
    callEndpoint(t, profileImagesApi.removeTeamLogo, { params: { organizationId }, token });

  it('refuses anonymous callers, outsiders and members who are not admins', async () => {
    const { id, member } = await team();
    const outsider = await signIn(t, await createUser(t));
    expectProblem(await upload(logo(id), png(), 'logo.png', 'image/png'), 401);
    expectProblem(await upload(logo(id), png(), 'logo.png', 'image/png', outsider), 404);
    expectProblem(await upload(logo(id), png(), 'logo.png', 'image/png', member), 403);
    expectProblem(await removeLogo(id, member), 403);
    expectProblem(await removeLogo(id, outsider), 404);
    expectProblem(await imageOf(`organization-${id}`), 401);
    expectProblem(await imageOf(`organization-${id}`, member), 404);
  });

  it('an admin sets and removes the logo; the team shows its time', async () => {
    const { id, admin, member } = await team();
    const res = await upload(logo(id), png(), 'logo.png', 'image/png', admin);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body.slug).toBe(`organization-${id}`);
    const mine = await callEndpoint(t, usersApi.myTeams, { token: member });
    expect(mine.body).toMatchObject([{ id, imageUpdated: res.body.imageUpdated }]);
    const served = await getImage(res.body.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png())).toBe(true);

    expect((await removeLogo(id, admin)).status).toBe(204);
    expectProblem(await getImage(res.body.url), 404);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, id));
    expect(row?.imageUpdated).toBeNull();
  });
});

describe('GET /api/ProfileImage/{slug}', () => {
  it('answers 404 to slugs that name nothing', async () => {
    const session = await signIn(t, await createUser(t, { superAdmin: true }));
    for (const slug of ['user-00000000-0000-4000-8000-000000000000', 'user-1', 'team-x']) {
      expectProblem(await imageOf(slug, session), 404);
    }
    // An escaped slash in the address as sent (the contract's address would escape the %).
    expectProblem(await getImage('/api/ProfileImage/..%2Fetc', session), 404);
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Who sees a picture (issue 24 §7): a slug alone is not enough. With a token: the owner, members
 * of a team the owner is in, super admins (a team's logo: its members, its invitees, super
 * admins); without one, a signed address until it ends.
 */
describe('who sees a picture', () => {
  async function person() {
    const user = await createUser(t);
    const session = await signIn(t, user);
    return { id: user.id, session };
  }
  async function teamOf(admin: { id: string }, ...members: { id: string }[]) {
    const team = await createTeam(t, admin.id);
    for (const m of members)
      await t.ctx.db
        .insert(memberships)
        .values({ organizationId: team.id, userId: m.id, role: 'User', licenseType: 'Trial' });
    return team.id;
  }
  async function withPicture(who: { session: Token }) {
    const res = await upload('user', png(), 'me.png', 'image/png', who.session);
    expect(res.status, res.raw.body).toBe(200);
    return res.body;
  }
  const plain = (url: string) => url.replace(/&expires=.*$/, '');

  it("a user's picture: the owner, a teammate and a super admin; not an outsider nor anyone without a token", async () => {
    const owner = await person();
    const teammate = await person();
    const outsider = await person();
    const otherTeamAdmin = await person();
    await teamOf(owner, teammate);
    await teamOf(otherTeamAdmin, outsider);
    const admin = { session: await signIn(t, await createUser(t, { superAdmin: true })) };
    const address = plain((await withPicture(owner)).url);

    for (const allowed of [owner, teammate, admin]) {
      const res = await getImage(address, allowed.session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(png())).toBe(true);
      expect(res.headers.vary).toContain('Authorization');
    }
    expectProblem(await getImage(address), 401);
    expectProblem(await getImage(address, outsider.session), 404);
    expectProblem(await getImage(address, otherTeamAdmin.session), 404);
    // A token that is not a live session's is no token at all.
    const forged = `${owner.session.access_token.slice(0, -4)}AAAA`;
    expectProblem(await getImage(address, { access_token: forged }), 401);
  });

  it('a team admin who invited an existing account does not see its picture, nor a removed teammate', async () => {
    const invitee = await person();
    const admin = await person();
    const team = await teamOf(admin);
    const address = plain((await withPicture(invitee)).url);
    const add = await callEndpoint(t, teamUsersApi.add, {
      params: { organizationId: team },
      token: admin.session,
      body: {
        email: (await t.ctx.db.select().from(users).where(eq(users.id, invitee.id)))[0]!.email,
        firstName: 'Any',
        lastName: 'Name',
        role: 'User',
        licenseType: 'Trial',
        assignRoomscalePassword: true,
        assignSso: false,
      },
    });
    expect(add.status, add.raw.body).toBe(200);
    expect(add.body.id).not.toBe(invitee.id);
    expectProblem(await getImage(address, admin.session), 404);
    expectProblem(await getImage(address.replace(invitee.id, add.body.id), admin.session), 404);

    // A member removed from the team (role None) shares it no more.
    const former = await person();
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: team, userId: former.id, role: 'None', licenseType: 'None' });
    const formerAddress = plain((await withPicture(former)).url);
    expectProblem(await getImage(formerAddress, admin.session), 404);
  });

  it("a team's logo: its members, a person invited to it and a super admin; not an outsider", async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const invited = await person();
    const team = await teamOf(admin, member);
    const logo = await upload(
      { organizationId: team },
      png(),
      'logo.png',
      'image/png',
      admin.session,
    );
    expect(logo.status, logo.raw.body).toBe(200);
    const address = plain(logo.body.url);
    const superAdmin = { session: await signIn(t, await createUser(t, { superAdmin: true })) };
    const [invitedRow] = await t.ctx.db.select().from(users).where(eq(users.id, invited.id));
    const add = await callEndpoint(t, teamUsersApi.add, {
      params: { organizationId: team },
      token: admin.session,
      body: {
        email: invitedRow!.email,
        firstName: 'Any',
        lastName: 'Name',
        role: 'User',
        licenseType: 'Trial',
        assignRoomscalePassword: true,
        assignSso: false,
      },
    });
    expect(add.status, add.raw.body).toBe(200);
    for (const allowed of [admin, member, invited, superAdmin]) {
      expect((await getImage(address, allowed.session)).statusCode).toBe(200);
    }
    expectProblem(await getImage(address), 401);
    expectProblem(await getImage(address, outsider.session), 404);
  });

  it('a signed address works without a token until it ends; a changed or expired one is refused', async () => {
    const owner = await person();
    const { url } = await withPicture(owner);
    const ok = await getImage(url);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.rawPayload.equals(png())).toBe(true);
    const maxAge = Number(/max-age=(\d+)/.exec(String(ok.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(profileImageAddress.windowSeconds - 5);
    expect(maxAge).toBeLessThanOrEqual(2 * profileImageAddress.windowSeconds);

    const other = await person();
    await withPicture(other);
    const params = new URL(url, 'http://x').searchParams;
    const expires = params.get('expires')!;
    const signature = params.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'E' : 'A'}`;
    // The same 32 bytes spelled otherwise: the last character's two unused bits set.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) | 1]}`;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(
      true,
    );
    for (const tampered of [
      // Another person's picture with this signature.
      url.replace(owner.id, other.id),
      url.replace(`signature=${signature}`, `signature=${flipped}`),
      url.replace(`signature=${signature}`, `signature=${respelled}`),
      url.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`),
      url.replace(`signature=${signature}`, 'signature='),
      url.replace(`&expires=${expires}`, ''),
    ]) {
      const res = await getImage(tampered);
      expectProblem(res, 403);
    }
    // A valid token does not rescue a bad signature: the address is judged by it alone.
    expectProblem(
      await getImage(url.replace(`signature=${signature}`, `signature=${flipped}`), owner.session),
      403,
    );

    t.clock.advance(2 * profileImageAddress.windowSeconds);
    expectProblem(await getImage(url), 403);
    // The owner (signed in again: access tokens are short) still sees it with a token, and a new
    // upload answers a new, working address.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, owner.id));
    const again = { session: await signIn(t, { email: row!.email, password: PASSWORD }) };
    expect((await getImage(plain(url), again.session)).statusCode).toBe(200);
    expect((await getImage((await withPicture(again)).url)).statusCode).toBe(200);
  });
});

/** A multipart/form-data body with one file part. */
function form(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----roomscale${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('multipart uploads (part2 §7: the part named attachment)', () => {
  it('stores the attachment part with the same checks as a raw body', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const post = (f: ReturnType<typeof form>) =>
      callEndpoint(t, profileImagesApi.uploadMine, { token: session, ...f });

    const ok = await post(form('attachment', 'me.gif', 'image/gif', gif));
    expect(ok.status, ok.raw.body).toBe(200);
    const served = await getImage(ok.body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(gif)).toBe(true);

    // A text file named like an image, and a part under another name, are refused.
    expectProblem(
      await post(form('attachment', 'me.png', 'image/png', Buffer.from('not an image'))),
      400,
      undefined,
    );
    expectProblem(await post(form('picture', 'me.png', 'image/png', png())), 400, 'attachment');
    // Nothing changed: the first picture is still served.
    expect((await getImage(ok.body.url)).rawPayload.equals(gif)).toBe(true);
  });

  it('refuses an attachment of 10,000,000 bytes or more with 413', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const big = Buffer.concat([png(), Buffer.alloc(limits.profileImageMaxBytes)]);
    const res = await callEndpoint(t, profileImagesApi.uploadMine, {
      token: session,
      ...form('attachment', 'big.png', 'image/png', big),
    });
    expectProblem(res, 413, undefined, undefined);
    expect(res.problem.detail).toBe(profileImageMessages.tooBig);
  });

  it('answers a multipart body without boundary, or cut off, with 400', async () => {
    const session = await signIn(t, await createUser(t));
    const post = (body: Buffer | string, type: string) =>
      callUnchecked(t, profileImagesApi.uploadMine, {
        token: session,
        body,
        headers: { 'content-type': type },
      });
    const whole = form('attachment', 'me.png', 'image/png', png());
    const truncated = whole.body.subarray(0, whole.body.length - 30);
    const type = whole.headers['content-type'];
    for (const res of [
      await post(whole.body, 'multipart/form-data'),
      await post(truncated, type),
      // The part's headers never end.
      await post(whole.body.subarray(0, 60), type),
      await post('no multipart at all', type),
    ]) {
      expectProblem(res, 400);
      expect(res.problem.detail).toBe(serverMessages.malformedMultipart);
    }
  });
});
