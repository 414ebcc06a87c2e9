import { describe, expect, it } from 'vitest';
import { guestKeyPrefix, isValidKey, keyBelongsTo, newObjectKey, teamKeyPrefix } from './keys.ts';

const team = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

describe('storage keys', () => {
  it('makes fresh keys under a team or guest prefix', () => {
    const a = newObjectKey(teamKeyPrefix(team));
    const b = newObjectKey(teamKeyPrefix(team));
    expect(a).toMatch(new RegExp(`^org/${team}/[0-9a-f-]{36}$`));
    expect(a).not.toBe(b);
    expect(newObjectKey(guestKeyPrefix('g1'))).toMatch(/^guest\/g1\/[0-9a-f-]{36}$/);
  });

  it.each(['org/a/b', 'guest/x_1/y-2', 'a/b/c/d/e'])('accepts %j', (key) => {
    expect(isValidKey(key)).toBe(true);
  });

  it.each([
    '',
    'org',
    'org/',
    '/org/a',
    'org/a/',
    'org//a',
    'org/../a',
    'org/a/b.json',
    'org/a/b?x',
    'org/a/%2e%2e',
    'a/b/c/d/e/f',
  ])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
  });

  it('tells whether a key lies in a team by its prefix', () => {
    const key = newObjectKey(teamKeyPrefix(team));
    expect(keyBelongsTo(key, teamKeyPrefix(team))).toBe(true);
    expect(keyBelongsTo(key, teamKeyPrefix(`${team.slice(0, -1)}0`))).toBe(false);
    // A prefix must end at a segment boundary: org/abc does not own org/abcd/…
    expect(keyBelongsTo('org/abcd/x', 'org/abc')).toBe(false);
    expect(keyBelongsTo('org/abc/../x', 'org/abc/')).toBe(false);
  });
});
