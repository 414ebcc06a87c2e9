import { errorTexts, friendlyServerMessages } from '@roomscale/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client.ts';

/** The error mapper of part1 §8: the text a user sees for a failed call. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorTexts.unknown;
  const p = error.problem;
  const known = p?.detail ? friendlyServerMessages[p.detail] : undefined;
  if (known) return known;
  switch (error.status) {
    case 0:
      return errorTexts.connectionFailed;
    case 404:
      return errorTexts.notFound;
    case 500:
      return errorTexts.server500;
    case 400: {
      const fields = Object.keys(p?.errors ?? {});
      if (fields.length > 0) return fields.map((f) => errorTexts.fieldInvalid(f)).join(' ');
      return p?.detail ?? p?.title ?? errorTexts.unknown;
    }
    default:
      return errorTexts.unknown;
  }
}

/** The server's per-field messages, for showing under form fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.problem?.errors) return {};
  return Object.fromEntries(
    Object.entries(error.problem.errors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

/**
 * The server's own message for a failed call, for the screens that show it (part2 §8: room
 * add, edit and duplicate errors): a known message's friendly text, the per-field messages, or
 * the problem's detail. Without a problem body (connection lost, 5xx) it is the mapper's text.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(error);
  const p = error.problem;
  if (!p || error.status >= 500) return errorText(error);
  const known = p.detail ? friendlyServerMessages[p.detail] : undefined;
  if (known) return known;
  const fields = Object.entries(p.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((m) => `${field}: ${m}`),
  );
  if (fields.length > 0) return fields.join('\n');
  return p.detail ?? p.title;
}

/**
 * Puts the server's per-field messages under the form's own fields: `fieldOf` names the form
 * field that shows a server field's message (undefined: this form has no such field). Answers
 * every per-field message of the error, shown or not.
 */
export function showFieldErrors<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fieldOf: (serverField: string) => Path<F> | undefined,
): Record<string, string> {
  const messages = fieldErrors(error);
  for (const [field, message] of Object.entries(messages)) {
    const name = fieldOf(field);
    if (name) setError(name, { type: 'server', message });
  }
  return messages;
}
