import { describe, expect, it } from 'vitest';
import { fieldMessages, forgotPasswordCommand, registerCommand } from './index.ts';

describe('validation messages', () => {
  it('says a missing field is required', () => {
    const r = forgotPasswordCommand.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(fieldMessages.required);
  });

  it('keeps the messages our schemas give', () => {
    const r = registerCommand.safeParse({
      firstName: 'A',
      lastName: 'Bee',
      email: 'not-an-email',
      privacyAccepted: true,
      termsAccepted: true,
    });
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField.firstName).toBe(fieldMessages.minLength(2));
    expect(byField.email).toBe(fieldMessages.email);
  });
});
