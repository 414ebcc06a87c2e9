import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, safeTarget, withTarget } from './targetRoute.ts';

describe('safeTarget', () => {
  it('defaults to the dashboard', () => {
    expect(safeTarget(null)).toBe(DEFAULT_TARGET);
    expect(safeTarget('')).toBe('/dashboard');
    expect(safeTarget('   ')).toBe('/dashboard');
  });

  it('accepts in-app paths with or without the leading slash', () => {
    expect(safeTarget('dashboard')).toBe('/dashboard');
    expect(safeTarget('team/users')).toBe('/team/users');
    expect(safeTarget('/files/team/abc?sort=name#top')).toBe('/files/team/abc?sort=name#top');
  });

  it('never leaves the site', () => {
    for (const evil of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      '/%0a/evil',
    ]) {
      const out = safeTarget(evil);
      expect(out.startsWith('/')).toBe(true);
      expect(out.startsWith('//')).toBe(false);
      expect(new URL(out, 'https://app.example').origin).toBe('https://app.example');
    }
    expect(safeTarget('https://evil.example')).toBe('/dashboard');
  });

  it('does not return to the screens that lead here', () => {
    expect(safeTarget('/login')).toBe('/dashboard');
    expect(safeTarget('/organization/resolve?targetRoute=x')).toBe('/dashboard');
    expect(safeTarget('create-avatar')).toBe('/dashboard');
    expect(safeTarget('/register/complete')).toBe('/dashboard');
  });
});

describe('withTarget', () => {
  it('encodes the target as the targetRoute query', () => {
    expect(withTarget('/organization/resolve', '/team/users')).toBe(
      '/organization/resolve?targetRoute=%2Fteam%2Fusers',
    );
  });
});
