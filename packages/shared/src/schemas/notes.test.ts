import { describe, expect, it } from 'vitest';
import { NoteColors, noteLimits, noteMessages } from '../files.ts';
import { noteContent, noteContentProblems, noteText } from './notes.ts';

describe('the shared note schema', () => {
  it('reads a colour in any case as the upper-case one', () => {
    expect(noteContent.parse({ text: 'a', backgroundColor: '#ffff7a' })).toEqual({
      text: 'a',
      backgroundColor: NoteColors[0],
    });
  });

  it('holds the limits the editor and the server share', () => {
    expect(noteText.safeParse('😀'.repeat(noteLimits.maxChars)).success).toBe(true);
    expect(noteText.safeParse('😀'.repeat(noteLimits.maxChars + 1)).success).toBe(false);
    expect(noteText.safeParse('a\n'.repeat(noteLimits.maxLineBreaks)).success).toBe(true);
    expect(noteText.safeParse('a\n'.repeat(noteLimits.maxLineBreaks + 1)).success).toBe(false);
  });

  it('names every problem, unknown fields last, one message each', () => {
    expect(
      noteContentProblems({ text: 'x'.repeat(200), backgroundColor: 'red', font: 1, size: 2 }),
    ).toEqual([
      noteMessages.textTooLong,
      noteMessages.colorInvalid,
      noteMessages.unknownField('font'),
      noteMessages.unknownField('size'),
    ]);
  });
});
