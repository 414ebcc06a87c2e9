import { describe, expect, it } from 'vitest';
import { prefill } from './prefill.ts';

const lounge = { name: 'Lounge', description: 'A relaxed corner.' };
const gallery = { name: 'Gallery', description: null };

describe('prefill (choosing a template in the add-room modal, part2 §5)', () => {
  it('fills name and description of an untouched form', () => {
    expect(
      prefill({ name: '', description: '' }, { name: false, description: false }, lounge),
    ).toEqual({ name: 'Lounge', description: 'A relaxed corner.' });
  });

  it('replaces values that came from an earlier template', () => {
    const current = { name: 'Lounge', description: 'A relaxed corner.' };
    expect(prefill(current, { name: false, description: false }, gallery)).toEqual({
      name: 'Gallery',
      description: '',
    });
  });

  it('keeps what the user typed, field by field', () => {
    const current = { name: 'Strategy room', description: 'A relaxed corner.' };
    expect(prefill(current, { name: true, description: false }, gallery)).toEqual({
      name: 'Strategy room',
      description: '',
    });
    expect(
      prefill({ name: 'Lounge', description: 'Ours' }, { name: false, description: true }, gallery),
    ).toEqual({ name: 'Gallery', description: 'Ours' });
  });

  it('fills a field the user emptied again', () => {
    expect(
      prefill({ name: '  ', description: '' }, { name: true, description: true }, lounge),
    ).toEqual({ name: 'Lounge', description: 'A relaxed corner.' });
  });
});
