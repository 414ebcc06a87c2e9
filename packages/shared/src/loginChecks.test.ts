import { describe, expect, it } from 'vitest';
import { limits } from './limits.ts';
import { emailProblem, loginProblems, normalizedEmail } from './loginChecks.ts';
import { fieldMessages } from './messages.ts';
import { email } from './schemas/common.ts';

describe('login checks without zod', () => {
  const samples = [
    '',
    '   ',
    'ada@example.com',
    ' Ada@Example.COM ',
    'ada.lovelace+vr@mail.example.org',
    "o'brien@example.ie",
    'not-an-email',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    '.ada@example.com',
    'ada..x@example.com',
    'ada.@example.com',
    'ada@-example.com',
    'ada@exa_mple.com',
    'ada @example.com',
    `${'a'.repeat(limits.emailMax - 12)}@example.com`,
    `${'a'.repeat(limits.emailMax - 11)}@example.com`,
  ];

  it('answer what the email schema answers, message for message', () => {
    for (const typed of samples) {
      const parsed = email.safeParse(typed);
      expect({ typed, problem: emailProblem(typed) }).toEqual({
        typed,
        problem: parsed.success ? undefined : parsed.error.issues[0]?.message,
      });
      expect({ typed, normalized: normalizedEmail(typed) }).toEqual({
        typed,
        normalized: parsed.success ? parsed.data : null,
      });
    }
  });

  it('require the email and a password of at least 6 (part1 §5)', () => {
    expect(loginProblems({ email: '', password: '' })).toEqual({
      email: fieldMessages.required,
      password: fieldMessages.required,
    });
    expect(loginProblems({ email: 'ada@example.com', password: '12345' })).toEqual({
      password: fieldMessages.minLength(6),
    });
    expect(loginProblems({ email: 'not-an-email', password: '123456' })).toEqual({
      email: fieldMessages.email,
    });
    expect(
      loginProblems({ email: 'ada@example.com', password: 'x'.repeat(limits.passwordMax + 1) }),
    ).toEqual({ password: fieldMessages.maxLength(limits.passwordMax) });
    expect(loginProblems({ email: ' Ada@Example.com ', password: '123456' })).toEqual({});
    expect(normalizedEmail(' Ada@Example.com ')).toBe('ada@example.com');
  });
});
