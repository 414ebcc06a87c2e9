import { NoteColors, noteLimits, noteMessages } from '@roomscale/shared';

const allowed = new Set(['text', 'backgroundColor']);

/**
 * What is wrong with a note file (part2 §3 Note content, §5 Notes): it must be a JSON object
 * `{text, backgroundColor}` with at most 124 characters of text (counted as the editor counts
 * them: code points), at most 7 line breaks, and one of the seven note colours (any letter case). Empty when fine.
 */
export function noteContentErrors(content: Buffer): string[] {
  if (content.length > noteLimits.maxBytes) return [noteMessages.tooLarge];
  let note: unknown;
  try {
    note = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return [noteMessages.notJson];
  }
  if (typeof note !== 'object' || note === null || Array.isArray(note)) {
    return [noteMessages.notJson];
  }
  const errors: string[] = [];
  const { text, backgroundColor } = note as Record<string, unknown>;
  if (typeof text !== 'string') errors.push(noteMessages.textRequired);
  else {
    if (Array.from(text).length > noteLimits.maxChars) errors.push(noteMessages.textTooLong);
    if ((text.match(/\r\n|\r|\n/g) ?? []).length > noteLimits.maxLineBreaks) {
      errors.push(noteMessages.tooManyLines);
    }
  }
  const color = typeof backgroundColor === 'string' ? backgroundColor.toUpperCase() : null;
  if (!NoteColors.includes(color as (typeof NoteColors)[number])) {
    errors.push(noteMessages.colorInvalid);
  }
  for (const key of Object.keys(note)) {
    if (!allowed.has(key)) errors.push(noteMessages.unknownField(key.slice(0, 40)));
  }
  return errors;
}
