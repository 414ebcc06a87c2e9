import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { storageSecret, UrlSigner } from './signing.ts';

/**
 * Signed addresses pinned byte for byte for fixed inputs: the secret, the time, the key and the
 * names. Written from the signing as it was before it was made faster (a key made once, the date
 * formatted once a second, the query and a plain name's header written directly), so any change
 * to a parameter, its encoding, its order or the signature fails here. Addresses already handed
 * out (thumbnails in a page, downloads) must keep verifying, and the answers of the file lists
 * must stay the same.
 */
const key = 'org/3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f/0d1e2f30-4152-4637-8899-aabbccddeeff';
const address = (query: string) => `https://rs.example/api/Storage/b/${key}?${query}`;
let now = new Date('2026-03-01T10:00:00.123Z');
const signer = new UrlSigner(storageSecret('s'.repeat(40)));
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rs-signed-'));
  storage = new LocalStorage(dir, 'https://rs.example/', signer, { now: () => now });
});
afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe('signed addresses, byte for byte', () => {
  // A thumbnail's address as a file list signs it: its name as given, for an hour.
  it.each([
    [
      'Photo 001.jpg thumbnail',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22Photo+001.jpg+thumbnail%22&X-Goog-Signature=8a88d6a68d0970df5329852fe1da895ed5773db46c42be6f80379f4bef9c963b',
    ],
    [
      'Site "A" thumbnail',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22Site+%5C%22A%5C%22+thumbnail%22&X-Goog-Signature=dbeb5f50cac9ab6f6c5be1635ef1abc5b565887ef3a8119a0e45337586b1ba5e',
    ],
    [
      'Überblick – 東京 thumbnail',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22Uberblick+_+__+thumbnail%22%3B+filename*%3DUTF-8%27%27%25C3%259Cberblick%2520%25E2%2580%2593%2520%25E6%259D%25B1%25E4%25BA%25AC%2520thumbnail&X-Goog-Signature=adcc0d7ae10fd89003571bae53abc094cf90d3c54e49200651ded3f573524edc',
    ],
    [
      '100% thumbnail',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22100%25+thumbnail%22&X-Goog-Signature=544db235b482167f0ee1ede5ea3822b57b8c8bd88acacbfc46794b55080f56f8',
    ],
    [
      "it's (a) *test*~! + more thumbnail",
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22it%27s+%28a%29+*test*%7E%21+%2B+more+thumbnail%22&X-Goog-Signature=f9eede2387b41813d21679dca2829f977062a3b975046edb42fb1d16e13edad9',
    ],
    [
      'a/b\\c',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22a_b_c%22&X-Goog-Signature=42ab74559d71efef6b2dbc28ca1c1fff6664955dbcea0a68b1e4c646f0d35433',
    ],
    [
      'tab\tname',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22tab_name%22&X-Goog-Signature=0e22ed1e76bfc382e4f8680e98c115f54368c2629cb5059e4a5b902e6e1a4cef',
    ],
    [
      '',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22download%22&X-Goog-Signature=e2a32f180d8961c34cd08df1bc882e541e59c47f30e0961588ad551228ad764f',
    ],
    [
      '📷 shot',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22__+shot%22%3B+filename*%3DUTF-8%27%27%25F0%259F%2593%25B7%2520shot&X-Goog-Signature=7e6d91eca09d79e52e7aa8b84b32b9227fab9372a3e94184f193a3d3c7e5ed53',
    ],
    [
      'café',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22cafe%22%3B+filename*%3DUTF-8%27%27caf%25C3%25A9&X-Goog-Signature=7539624eb04c2fd8164bced894fbbc6319bbf378d3952cc2f06093c429504b1c',
    ],
    [
      'x%41y',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22x%2541y%22%3B+filename*%3DUTF-8%27%27x%252541y&X-Goog-Signature=8987ffb43ab197d1a44c8d2915961e57596a2bb5156db087420f9ac6c7be238c',
    ],
    [
      'semi;colon=eq&amp',
      'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22semi%3Bcolon%3Deq%26amp%22&X-Goog-Signature=30c255e5516ec1db923cf7d0c4bca3e99056dfd24b7604697ac1c0b67b979c2c',
    ],
  ])('a download named %j', async (fileName, query) => {
    now = new Date('2026-03-01T10:00:00.123Z');
    const signed = await storage.downloadUrl(key, { fileName, nameAsGiven: true });
    expect(signed.url).toBe(address(query));
  });

  it('a download with its content type and lifetime, and upload slots', async () => {
    now = new Date('2026-03-01T10:00:00.123Z');
    const typed = await storage.downloadUrl(key, {
      fileName: 'Photo',
      contentType: 'image/png',
      expiresInSeconds: 60,
    });
    expect(typed.url).toBe(
      address(
        'X-Goog-Date=20260301T100000Z&X-Goog-Expires=60&response-content-disposition=attachment%3B+filename%3D%22Photo.png%22&response-content-type=image%2Fpng&X-Goog-Signature=c948e3c9f320c969ac7398fef4d400767f9e744b26e61735349c61928280c095',
      ),
    );
    const upload = await storage.createUploadUrl(key, { contentType: 'Video/MP4 ' });
    expect(upload.url).toBe(
      address(
        'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=content-type&X-Goog-Signature=43338db8821d2cd359c53b586d1581fdcf5f1110817996141be07dd0895165b9',
      ),
    );
    const plain = await storage.createUploadUrl(key);
    expect(plain.url).toBe(
      address(
        'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&X-Goog-Signature=02b7d4a78ccfdb60dfa07d8c585c69fdca7a3c53f182523371c18a5fdb50fe59',
      ),
    );
  });

  // The signer formats its date once a second; the storage dates a download to the start of its
  // steady minutes (steady-addresses.test.ts), so the seconds are asked of the signer here.
  it('dates each address by its own second, whatever was signed before', async () => {
    const at = async (iso: string) =>
      address(
        signer.sign({
          method: 'GET',
          key,
          now: new Date(iso),
          expiresInSeconds: 3600,
          params: { 'response-content-disposition': 'attachment; filename="a"' },
        }),
      );
    expect(await at('2026-03-01T10:00:00.999Z')).toBe(
      address(
        'X-Goog-Date=20260301T100000Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22a%22&X-Goog-Signature=65b5c254e041b51c07f9ec820f99c58d43097368e49e331bfefbf8bd34bf260f',
      ),
    );
    expect(await at('2026-03-01T10:00:01.000Z')).toBe(
      address(
        'X-Goog-Date=20260301T100001Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22a%22&X-Goog-Signature=79d4a431a97bbe3ac5cf5f5e842a1930ff2f6a4ac97bb45f4a11dafdd19a4842',
      ),
    );
    // A clock set back (tests, a corrected server clock) dates by the earlier second again.
    expect(await at('2026-03-01T09:59:59.500Z')).toBe(
      address(
        'X-Goog-Date=20260301T095959Z&X-Goog-Expires=3600&response-content-disposition=attachment%3B+filename%3D%22a%22&X-Goog-Signature=c29101a45e349cf4fabddcbcc90ad2626bfa01835e33f5851f51283dcb17638c',
      ),
    );
  });

  it('encodes any parameter as a form would, a lone surrogate as U+FFFD', () => {
    const query = signer.sign({
      method: 'GET',
      key,
      now: new Date('2026-03-01T09:59:59.500Z'),
      expiresInSeconds: 30.7,
      params: {
        'response-content-disposition': 'inline',
        'response-content-type': "text/plain; charset=ü \ud800 ~!*'()",
      },
    });
    expect(query).toBe(
      'X-Goog-Date=20260301T095959Z&X-Goog-Expires=30&response-content-disposition=inline&response-content-type=text%2Fplain%3B+charset%3D%C3%BC+%EF%BF%BD+%7E%21*%27%28%29&X-Goog-Signature=e3e6b71f34c65825c162a58dae55c22f401e010405e64f8c0a4c2b58feec3768',
    );
  });

  it('encodes every ASCII character and other text as a form would', () => {
    const ascii = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c)).join('');
    const query = signer.sign({
      method: 'POST',
      key: 'org/a/b',
      now: new Date('2026-03-01T09:59:59.500Z'),
      expiresInSeconds: 86400,
      contentType: 'image/png',
      params: {
        'response-content-disposition': ascii,
        'response-content-type': `${ascii} é 東 📷 \udc00 (x)`,
      },
    });
    expect(query).toBe(
      'X-Goog-Date=20260301T095959Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=content-type&response-content-disposition=%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E%7F&response-content-type=%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E%7F+%C3%A9+%E6%9D%B1+%F0%9F%93%B7+%EF%BF%BD+%28x%29&X-Goog-Signature=65ffb4b329b7886013c9fdbbe6b2930af6c431cd925decb0f5e5d34f15860a75',
    );
  });
});
