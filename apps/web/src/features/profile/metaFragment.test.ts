import { describe, expect, it } from 'vitest';
import { readMetaFragment } from './metaFragment.ts';

const encode = (value: unknown) => btoa(JSON.stringify(value));

describe('readMetaFragment', () => {
  it('reads code and org_scoped_id from a base64 JSON fragment', () => {
    expect(readMetaFragment(`#${encode({ code: 'abc', org_scoped_id: '123' })}`)).toEqual({
      oculusAccessCode: 'abc',
      oculusOrgScopedId: '123',
    });
  });

  it('takes a numeric id, the URL-safe alphabet, no padding and percent-encoding', () => {
    // '??>' encodes to 'Pz8+' in base64: '-' in the URL-safe alphabet.
    const standard = encode({ code: '??>', org_scoped_id: 42 });
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(urlSafe).not.toBe(standard);
    const expected = { oculusAccessCode: '??>', oculusOrgScopedId: '42' };
    expect(readMetaFragment(`#${urlSafe}`)).toEqual(expected);
    expect(readMetaFragment(`#${encodeURIComponent(standard)}`)).toEqual(expected);
  });

  it('answers null for anything else, without throwing', () => {
    for (const hash of [
      '',
      '#',
      '#not base64!',
      '#%E0%A4%A',
      `#${btoa('not json')}`,
      `#${encode(['code'])}`,
      `#${encode({ code: 'abc' })}`,
      `#${encode({ org_scoped_id: '1' })}`,
      `#${encode({ code: ' ', org_scoped_id: '1' })}`,
      `#${encode({ code: 'abc', org_scoped_id: { id: 1 } })}`,
    ]) {
      expect(readMetaFragment(hash), hash).toBeNull();
    }
  });
});
