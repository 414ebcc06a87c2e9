import {
  fieldMessages,
  forgotPasswordForm,
  newPasswordForm,
  passwordChecks,
  publicTexts,
  registerForm,
  screenMessages,
  teamCreateBody,
  teamCreateForm,
} from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The first message per field, as the form shows it. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('register form (part1 §5)', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    accepted: true,
  };

  it('accepts a complete registration', () => {
    expect(registerForm.parse(valid)).toEqual(valid);
  });

  it('requires names of at least 2 characters', () => {
    expect(errorsOf(registerForm, { ...valid, firstName: '', lastName: 'L' })).toEqual({
      firstName: fieldMessages.required,
      lastName: fieldMessages.minLength(2),
    });
    expect(errorsOf(registerForm, { ...valid, firstName: '  A ' })).toEqual({
      firstName: fieldMessages.minLength(2),
    });
  });

  it('requires a valid email', () => {
    expect(errorsOf(registerForm, { ...valid, email: '' })).toEqual({
      email: fieldMessages.required,
    });
    expect(errorsOf(registerForm, { ...valid, email: 'ada@' })).toEqual({
      email: fieldMessages.email,
    });
  });

  it('requires accepting the privacy policy and terms', () => {
    expect(errorsOf(registerForm, { ...valid, accepted: false })).toEqual({
      accepted: fieldMessages.mustAccept,
    });
  });
});

describe('forgot password form', () => {
  it('requires the email', () => {
    expect(errorsOf(forgotPasswordForm, { email: '' })).toEqual({ email: fieldMessages.required });
    expect(forgotPasswordForm.safeParse({ email: 'a@b.co' }).success).toBe(true);
  });
});

describe('new password form (strong password rule)', () => {
  it('accepts 8+ characters with lowercase, uppercase and digit, confirmed', () => {
    expect(
      newPasswordForm.safeParse({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).success,
    ).toBe(true);
  });

  it('shows the weak-password message for each missing part', () => {
    for (const weak of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', '']) {
      expect(errorsOf(newPasswordForm, { password: weak, confirmPassword: weak }).password).toBe(
        screenMessages.weakPassword,
      );
    }
  });

  it('requires the confirmation to equal the password, also while the password is weak', () => {
    expect(
      errorsOf(newPasswordForm, { password: 'Abcdefg1', confirmPassword: 'Abcdefg2' }),
    ).toEqual({
      confirmPassword: publicTexts.password.passwordsDiffer,
    });
    expect(errorsOf(newPasswordForm, { password: 'weak', confirmPassword: 'other' })).toEqual({
      password: screenMessages.weakPassword,
      confirmPassword: publicTexts.password.passwordsDiffer,
    });
    expect(errorsOf(newPasswordForm, { password: 'Abcdefg1', confirmPassword: '' })).toEqual({
      confirmPassword: fieldMessages.required,
    });
  });

  it('reports which rules a password meets', () => {
    expect(passwordChecks('abc')).toEqual({
      length: false,
      lower: true,
      upper: false,
      digit: false,
    });
    expect(passwordChecks('Abcdefg1')).toEqual({
      length: true,
      lower: true,
      upper: true,
      digit: true,
    });
  });
});

describe('team create form (part1 §5, part2 §5)', () => {
  const valid = {
    name: 'Engines',
    companyName: 'Babbage & Co',
    industry: 'Technology',
    industryOther: '',
  };

  it('accepts a team and sends it as the register body', () => {
    expect(teamCreateForm.safeParse(valid).success).toBe(true);
    expect(teamCreateBody(valid)).toEqual({
      name: 'Engines',
      companyName: 'Babbage & Co',
      industry: 'Technology',
    });
  });

  it('requires a name of 2 to 100 characters', () => {
    expect(errorsOf(teamCreateForm, { ...valid, name: '' })).toEqual({
      name: fieldMessages.required,
    });
    expect(errorsOf(teamCreateForm, { ...valid, name: 'E' })).toEqual({
      name: fieldMessages.minLength(2),
    });
    expect(errorsOf(teamCreateForm, { ...valid, name: 'E'.repeat(101) })).toEqual({
      name: fieldMessages.maxLength(100),
    });
    expect(teamCreateForm.safeParse({ ...valid, name: 'E'.repeat(100) }).success).toBe(true);
  });

  it('requires an industry to be chosen', () => {
    expect(errorsOf(teamCreateForm, { ...valid, industry: '' })).toEqual({
      industry: fieldMessages.selectIndustry,
    });
    expect(errorsOf(teamCreateForm, { ...valid, industry: 'Plumbing' })).toEqual({
      industry: fieldMessages.selectIndustry,
    });
  });

  it('requires a company name of 2 to 100 unless the industry is None (Consumer)', () => {
    expect(errorsOf(teamCreateForm, { ...valid, companyName: '' })).toEqual({
      companyName: fieldMessages.required,
    });
    expect(errorsOf(teamCreateForm, { ...valid, companyName: 'B' })).toEqual({
      companyName: fieldMessages.minLength(2),
    });
    expect(errorsOf(teamCreateForm, { ...valid, companyName: 'B'.repeat(101) })).toEqual({
      companyName: fieldMessages.maxLength(100),
    });
    const consumer = { ...valid, industry: 'None (Consumer)', companyName: '' };
    expect(teamCreateForm.safeParse(consumer).success).toBe(true);
    expect(teamCreateBody({ ...consumer, companyName: 'left over' })).toEqual({
      name: 'Engines',
      companyName: null,
      industry: 'None (Consumer)',
    });
  });

  it("requires free text of 2 to 60 for 'Other' and sends it as the industry", () => {
    const other = { ...valid, industry: 'Other' };
    expect(errorsOf(teamCreateForm, other)).toEqual({ industryOther: fieldMessages.required });
    expect(errorsOf(teamCreateForm, { ...other, industryOther: 'X' })).toEqual({
      industryOther: fieldMessages.minLength(2),
    });
    expect(errorsOf(teamCreateForm, { ...other, industryOther: 'X'.repeat(61) })).toEqual({
      industryOther: fieldMessages.maxLength(60),
    });
    expect(teamCreateBody({ ...other, industryOther: ' Aerospace ' })).toEqual({
      name: 'Engines',
      companyName: 'Babbage & Co',
      industry: 'Aerospace',
    });
  });
});
