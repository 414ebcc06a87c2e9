import { limits } from './limits.ts';
import { fieldMessages } from './messages.ts';

/**
 * The login form's checks without zod: the login page is the first thing most visits load, and
 * it should not carry a schema library for two fields (docs/performance.md "Web: first-load
 * bytes"). The rules are the schemas' own — `email` in schemas/common.ts takes its pattern from
 * here, and loginChecks.test.ts holds both to the same answers.
 */

/** An email address (zod's own pattern, which the `email` schema uses too). */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with a typed email address, as the `email` schema words it; undefined if nothing. */
export function emailProblem(typed: string): string | undefined {
  const s = typed.trim();
  if (!s) return fieldMessages.required;
  if (s.length > limits.emailMax) return fieldMessages.maxLength(limits.emailMax);
  if (!emailPattern.test(s)) return fieldMessages.email;
  return undefined;
}

/** The address as the `email` schema gives it (trimmed, lower case), or null when it is not valid. */
export const normalizedEmail = (typed: string): string | null =>
  emailProblem(typed) ? null : typed.trim().toLowerCase();

/** Login (part1 §5): email required; password required, minimum 6. */
export type LoginForm = { email: string; password: string };

/** The login form's problems by field; empty when it may be sent. */
export function loginProblems(form: LoginForm): Partial<Record<keyof LoginForm, string>> {
  const problems: Partial<Record<keyof LoginForm, string>> = {};
  const email = emailProblem(form.email);
  if (email) problems.email = email;
  const { password } = form;
  if (!password) problems.password = fieldMessages.required;
  else if (password.length < limits.loginPasswordMin)
    problems.password = fieldMessages.minLength(limits.loginPasswordMin);
  else if (password.length > limits.passwordMax)
    problems.password = fieldMessages.maxLength(limits.passwordMax);
  return problems;
}
