import { NoteColors, type NoteContent, noteColor, noteLimits, noteText } from '@roomscale/shared';

export type { NoteContent };

export const defaultNoteColor: NoteContent['backgroundColor'] = NoteColors[0];

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
export const countChars = (text: string) => Array.from(text).length;

/** Lines the text has before wrapping. */
export const countLines = (text: string) => text.split(/\r\n|\r|\n/).length;

/** The note title (part2 §5): line breaks removed, cut above 30 characters, 'Empty note' if empty. */
export function noteTitle(text: string, emptyTitle = 'Empty note'): string {
  const flat = text.replace(/\r\n|\r|\n/g, '').trim();
  if (!flat) return emptyTitle;
  const chars = Array.from(flat);
  if (chars.length > noteLimits.titleMax) {
    return `${chars.slice(0, noteLimits.titleCut).join('')}...`;
  }
  return flat;
}

/**
 * Whether content of `contentHeight` pixels still fits the note: at most `maxLines` lines of
 * `lineHeight` pixels (the spec's 'content height over 7 times the font size'). A little
 * tolerance absorbs sub-pixel rounding of the browser's layout.
 */
export function fitsHeight(
  contentHeight: number,
  lineHeight: number,
  maxLines = noteLimits.maxLines,
) {
  return contentHeight <= maxLines * lineHeight + 1;
}

/**
 * Whether `text` is an acceptable note: within the character limit, within the line limit by
 * its explicit line breaks and, when the browser measured it, by its rendered height.
 */
export function acceptsNoteText(text: string, measured?: { height: number; lineHeight: number }) {
  // The file's own rules (the shared schema the server checks uploads with), then the editor's
  // stricter line count and rendered height.
  if (!noteText.safeParse(text).success) return false;
  if (countLines(text) > noteLimits.maxLines) return false;
  if (measured && measured.height > 0 && !fitsHeight(measured.height, measured.lineHeight)) {
    return false;
  }
  return true;
}

/**
 * The text after pasting `pasted` (plain text) over the selection `[start, end)`: the pasted
 * text is cut to the room left under the character limit. Returns the new text and caret.
 */
export function pasteInto(current: string, start: number, end: number, pasted: string) {
  const before = current.slice(0, start);
  const after = current.slice(end);
  const room = Math.max(0, noteLimits.maxChars - countChars(before) - countChars(after));
  const insert = Array.from(pasted.replace(/\r\n?/g, '\n')).slice(0, room).join('');
  return { text: before + insert + after, caret: before.length + insert.length };
}

const navigationKeys = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Escape',
  'Backspace',
  'Delete',
]);

/**
 * Whether a key press must be stopped because the note is full. Navigation, deletion and
 * any key with a modifier (copy, select all, undo…) always pass; so does typing over a selection.
 */
export function blocksKey(
  key: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  text: string,
  hasSelection: boolean,
) {
  if (navigationKeys.has(key.key) || key.ctrlKey || key.metaKey || key.altKey) return false;
  if (hasSelection) return false;
  const typing = key.key.length === 1 || key.key === 'Enter';
  if (!typing) return false;
  if (countChars(text) >= noteLimits.maxChars) return true;
  return key.key === 'Enter' && countLines(text) >= noteLimits.maxLines;
}

/** The confirm rule of part2 §4 Notes. */
export function canConfirmNote(s: {
  valid: boolean;
  saving: boolean;
  text: string;
  color: string;
  initial: NoteContent;
}) {
  if (!s.valid || s.saving) return false;
  if (!s.text.trim()) return false;
  return s.text !== s.initial.text || s.color !== s.initial.backgroundColor;
}

/** Reads a note file; an unknown colour falls back to the first one, a missing text to ''. */
export function parseNote(json: unknown): NoteContent {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const text = typeof o.text === 'string' ? o.text : '';
  const color = noteColor.safeParse(o.backgroundColor);
  return { text, backgroundColor: color.success ? color.data : defaultNoteColor };
}

/** The note file's bytes: exactly `{text, backgroundColor}`. */
export const serializeNote = (note: NoteContent) =>
  JSON.stringify({ text: note.text, backgroundColor: note.backgroundColor });

/**
 * Splits the note's text into the lines drawn on an image of `maxWidth` pixels: explicit line
 * breaks first, then word wrap; a word wider than a line is broken by characters.
 */
export function wrapLines(text: string, maxWidth: number, measure: (s: string) => number) {
  const out: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      if (!word) continue;
      const candidate = line + word;
      if (measure(candidate) <= maxWidth || !line) {
        line = candidate;
      } else {
        out.push(line.trimEnd());
        line = word.trimStart();
      }
      while (measure(line) > maxWidth && Array.from(line).length > 1) {
        const chars = Array.from(line);
        let n = chars.length - 1;
        while (n > 1 && measure(chars.slice(0, n).join('')) > maxWidth) n -= 1;
        out.push(chars.slice(0, n).join(''));
        line = chars.slice(n).join('');
      }
    }
    out.push(line);
  }
  return out;
}
