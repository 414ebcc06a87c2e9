import { NoteColors, noteLimits } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptsNoteText,
  blocksKey,
  canConfirmNote,
  countChars,
  countLines,
  fitsHeight,
  noteTitle,
  parseNote,
  pasteInto,
  serializeNote,
  wrapLines,
} from './noteRules.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('noteTitle', () => {
  it('removes line breaks', () => {
    expect(noteTitle('Buy\nmilk\r\nnow')).toBe('Buymilknow');
  });
  it('keeps a title of exactly 30 characters', () => {
    const t = 'a'.repeat(30);
    expect(noteTitle(t)).toBe(t);
  });
  it('cuts a longer title to 26 characters plus ...', () => {
    expect(noteTitle('abcdefghijklmnopqrstuvwxyz12345')).toBe('abcdefghijklmnopqrstuvwxyz...');
  });
  it("is 'Empty note' for empty or blank text", () => {
    expect(noteTitle('')).toBe('Empty note');
    expect(noteTitle('\n \n')).toBe('Empty note');
  });
});

describe('limits', () => {
  it('counts characters and lines as a person does', () => {
    expect(countChars('a😀b')).toBe(3);
    expect(countLines('a\nb\r\nc')).toBe(3);
  });
  it('accepts 124 characters and refuses 125', () => {
    expect(acceptsNoteText('x'.repeat(noteLimits.maxChars))).toBe(true);
    expect(acceptsNoteText('x'.repeat(noteLimits.maxChars + 1))).toBe(false);
  });
  it('refuses an eighth line, by line breaks or by measured height', () => {
    expect(acceptsNoteText('1\n2\n3\n4\n5\n6\n7')).toBe(true);
    expect(acceptsNoteText('1\n2\n3\n4\n5\n6\n7\n8')).toBe(false);
    expect(acceptsNoteText('long wrapped text', { height: 8 * 30, lineHeight: 30 })).toBe(false);
    expect(acceptsNoteText('long wrapped text', { height: 7 * 30, lineHeight: 30 })).toBe(true);
  });
  it('fitsHeight compares with 7 lines', () => {
    expect(fitsHeight(7 * 24, 24)).toBe(true);
    expect(fitsHeight(7 * 24 + 5, 24)).toBe(false);
  });
});

describe('pasteInto', () => {
  it('inserts over the selection and puts the caret after the pasted text', () => {
    expect(pasteInto('hello world', 6, 11, 'there')).toEqual({ text: 'hello there', caret: 11 });
  });
  it('cuts pasted text to the room left under 124 characters', () => {
    const current = 'x'.repeat(120);
    const r = pasteInto(current, 120, 120, 'abcdefgh');
    expect(r.text).toBe(`${current}abcd`);
    expect(countChars(r.text)).toBe(noteLimits.maxChars);
  });
  it('normalises Windows line breaks', () => {
    expect(pasteInto('', 0, 0, 'a\r\nb').text).toBe('a\nb');
  });
});

describe('blocksKey', () => {
  const full = 'x'.repeat(noteLimits.maxChars);
  it('blocks typing when the note is full', () => {
    expect(blocksKey(key('a'), full, false)).toBe(true);
    expect(blocksKey(key('Enter'), full, false)).toBe(true);
    expect(blocksKey(key('a'), 'short', false)).toBe(false);
  });
  it('always lets navigation, deletion and modifier keys through', () => {
    for (const k of ['ArrowLeft', 'Backspace', 'Delete', 'Home', 'Tab']) {
      expect(blocksKey(key(k), full, false)).toBe(false);
    }
    expect(blocksKey(key('a', { ctrlKey: true }), full, false)).toBe(false);
    expect(blocksKey(key('c', { metaKey: true }), full, false)).toBe(false);
  });
  it('lets typing over a selection through', () => {
    expect(blocksKey(key('a'), full, true)).toBe(false);
  });
  it('blocks Enter on the seventh line', () => {
    expect(blocksKey(key('Enter'), '1\n2\n3\n4\n5\n6\n7', false)).toBe(true);
    expect(blocksKey(key('Enter'), '1\n2', false)).toBe(false);
  });
});

describe('canConfirmNote', () => {
  const initial = { text: 'Hello', backgroundColor: NoteColors[0] };
  const base = { valid: true, saving: false, text: 'Hello', color: NoteColors[0], initial };
  it('is disabled while nothing changed', () => {
    expect(canConfirmNote(base)).toBe(false);
  });
  it('is enabled when the text or the colour changed', () => {
    expect(canConfirmNote({ ...base, text: 'Hello!' })).toBe(true);
    expect(canConfirmNote({ ...base, color: NoteColors[3] })).toBe(true);
  });
  it('is disabled for empty content, an invalid form or a save in progress', () => {
    expect(canConfirmNote({ ...base, text: '  ', color: NoteColors[3] })).toBe(false);
    expect(canConfirmNote({ ...base, text: 'x', valid: false })).toBe(false);
    expect(canConfirmNote({ ...base, text: 'x', saving: true })).toBe(false);
  });
});

describe('note content', () => {
  it('round-trips text and colour', () => {
    const note = { text: 'Hi\nthere', backgroundColor: NoteColors[2] };
    expect(JSON.parse(serializeNote(note))).toEqual(note);
    expect(parseNote(JSON.parse(serializeNote(note)))).toEqual(note);
  });
  it('falls back to the first colour and empty text', () => {
    expect(parseNote({ backgroundColor: '#123456' })).toEqual({
      text: '',
      backgroundColor: NoteColors[0],
    });
    expect(parseNote(null).text).toBe('');
  });
  it('accepts a colour in lower case', () => {
    expect(parseNote({ text: 'a', backgroundColor: '#fa7470' }).backgroundColor).toBe('#FA7470');
  });
});

describe('wrapLines', () => {
  const measure = (s: string) => s.length * 10;
  it('wraps words to the width and keeps explicit breaks', () => {
    expect(wrapLines('one two three\nfour', 80, measure)).toEqual(['one two', 'three', 'four']);
  });
  it('breaks a word wider than a line', () => {
    expect(wrapLines('abcdefghij', 40, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });
  it('keeps an empty line', () => {
    expect(wrapLines('a\n\nb', 100, measure)).toEqual(['a', '', 'b']);
  });
});
