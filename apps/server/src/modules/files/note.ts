import { noteContentProblems, noteLimits, noteMessages } from '@roomscale/shared';

/**
 * What is wrong with a note file (part2 §3 Note content, §5 Notes), by the shared `noteContent`
 * schema the editor also uses: a JSON object `{text, backgroundColor}` with at most 124
 * characters of text (code points), at most 7 line breaks, and one of the seven note colours (any
 * letter case). Empty when fine.
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
  return noteContentProblems(note);
}
