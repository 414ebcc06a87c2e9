import { describe, expect, it } from 'vitest';
import { launchPaths } from './meetingsTexts.ts';

describe('launch paths', () => {
  it('encodes the query as a form (as URLSearchParams does)', () => {
    expect(launchPaths.meeting('ABC 12&')).toBe('/launch?meeting=ABC+12%26');
    expect(launchPaths.room('r1', 'Café & co')).toBe('/launch?room=r1&room-name=Caf%C3%A9+%26+co');
    expect(launchPaths.room('r1')).toBe('/launch?room=r1');
    expect(launchPaths.room('r1', 'Desk', 'OwnerUser')).toBe(
      '/launch?room=r1&room-name=Desk&room-type=private',
    );
    expect(launchPaths.room('r1', 'Hall', 'OwnerOrganization')).toBe(
      '/launch?room=r1&room-name=Hall&room-type=team',
    );
    expect(launchPaths.room('r1', 'Lobby', 'Public')).toBe('/launch?room=r1&room-name=Lobby');
  });
});
