import { NoteColors, noteLimits, noteMessages } from '../files.ts';
import { z } from '../zodErrors.ts';

const lineBreaks = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

/**
 * The text of a note file (part2 §3 Note content): characters counted as a person counts them
 * (code points), and a backstop on line breaks; the editor adds its rendered-height rule.
 */
export const noteText = z
  .string({ error: noteMessages.textRequired })
  .refine((t) => Array.from(t).length <= noteLimits.maxChars, noteMessages.textTooLong)
  .refine((t) => lineBreaks(t) <= noteLimits.maxLineBreaks, noteMessages.tooManyLines);

/** One of the seven note colours, in any letter case; read as upper case. */
export const noteColor = z
  .string({ error: noteMessages.colorInvalid })
  .transform((c) => c.toUpperCase())
  .pipe(z.enum(NoteColors, { error: noteMessages.colorInvalid }));

/** A note file: exactly `{text, backgroundColor}`; the server checks uploads with it. */
export const noteContent = z.strictObject(
  { text: noteText, backgroundColor: noteColor },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => noteMessages.unknownField(k.slice(0, 40))).join('\n')
        : noteMessages.notJson,
  },
);
export type NoteContent = z.output<typeof noteContent>;

/** The messages of everything wrong with a parsed note file, in the schema's order. */
export function noteContentProblems(note: unknown): string[] {
  const result = noteContent.safeParse(note);
  if (result.success) return [];
  const issues = [...result.error.issues].sort(
    (a, b) => Number(a.code === 'unrecognized_keys') - Number(b.code === 'unrecognized_keys'),
  );
  return issues.flatMap((i) => i.message.split('\n'));
}
