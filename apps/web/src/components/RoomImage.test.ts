import { describe, expect, it } from 'vitest';
import { isLoadable } from './RoomImage.tsx';

describe('isLoadable (images the Content-Security-Policy allows)', () => {
  it('loads paths on this server and https addresses', () => {
    expect(isLoadable('/room-templates/lounge.svg')).toBe(true);
    expect(isLoadable('https://cdn.example.com/a.png')).toBe(true);
  });

  it('shows the placeholder for anything else', () => {
    expect(isLoadable('http://cdn.example.com/a.png')).toBe(false);
    expect(isLoadable('//cdn.example.com/a.png')).toBe(false);
    expect(isLoadable('data:image/png;base64,AAAA')).toBe(false);
    expect(isLoadable('javascript:alert(1)')).toBe(false);
  });
});
