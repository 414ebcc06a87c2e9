import { INDUSTRY_NONE_CONSUMER, INDUSTRY_OTHER, Industries } from '../enums.ts';
import { limits } from '../limits.ts';
import { fieldMessages, screenMessages } from '../messages.ts';
import { publicTexts } from '../publicTexts.ts';
import { z } from '../zodErrors.ts';
import { email, isStrongPassword, personName } from './common.ts';
import type { OrganizationRegister } from './organizations.ts';
import { registerCommand } from './users.ts';

/**
 * Schemas of the web forms whose fields differ from the call they make. The call's own schema
 * (registerCommand, organizationRegister, …) still validates what is sent.
 */

/** A text that says 'required' when empty before checking its other rules. */
const requiredText = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string().trim().min(1, fieldMessages.required).pipe(rule);

/**
 * Register (part1 §5): first and last name required, minimum 2; email required and valid; one
 * checkbox accepts both the privacy policy and the terms.
 */
export const registerForm = registerCommand
  .omit({ privacyAccepted: true, termsAccepted: true })
  .extend({
    firstName: requiredText(personName),
    lastName: requiredText(personName),
    accepted: z.boolean().refine((v) => v, fieldMessages.mustAccept),
  });
export type RegisterForm = z.input<typeof registerForm>;

/** Forgot password (part1 §5): email required. */
export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;

/**
 * New password and its confirmation (activation, reset): the strong-password rule, shown with
 * the spec's weak-password message; the confirmation must equal the password.
 */
export const newPasswordForm = z
  .object({
    password: z
      .string()
      .max(limits.passwordMax, fieldMessages.maxLength(limits.passwordMax))
      .refine(isStrongPassword, screenMessages.weakPassword),
    confirmPassword: z.string().min(1, fieldMessages.required),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: publicTexts.password.passwordsDiffer,
    // Also when the password itself is still weak, so both problems show at once.
    when: () => true,
  });
export type NewPasswordForm = z.input<typeof newPasswordForm>;

/** Which parts of the strong-password rule a password meets (for the live checklist). */
export function passwordChecks(password: string) {
  return {
    length: password.length >= limits.passwordMin,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
  };
}

const trimmedText = (min: number, max: number) =>
  z.string().trim().min(min, fieldMessages.minLength(min)).max(max, fieldMessages.maxLength(max));

/**
 * Team creation (part1 §5, part2 §5 "Team details"): name 2..100; an industry must be chosen;
 * company name 2..100 unless the industry is 'None (Consumer)'; 'Other' requires free text 2..60.
 */
export const teamCreateForm = z
  .object({
    name: requiredText(trimmedText(limits.teamNameMin, limits.teamNameMax)),
    companyName: z.string(),
    industry: z
      .string()
      .refine((v) => (Industries as readonly string[]).includes(v), fieldMessages.selectIndustry),
    industryOther: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.industry !== INDUSTRY_NONE_CONSUMER) {
      checkText(ctx, 'companyName', v.companyName, limits.companyNameMin, limits.companyNameMax);
    }
    if (v.industry === INDUSTRY_OTHER) {
      checkText(
        ctx,
        'industryOther',
        v.industryOther,
        limits.industryTextMin,
        limits.industryTextMax,
      );
    }
  });
export type TeamCreateForm = z.input<typeof teamCreateForm>;

function checkText(ctx: z.RefinementCtx, field: string, value: string, min: number, max: number) {
  const text = value.trim();
  const message =
    text.length === 0
      ? fieldMessages.required
      : text.length < min
        ? fieldMessages.minLength(min)
        : text.length > max
          ? fieldMessages.maxLength(max)
          : null;
  if (message) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** The body of PUT /api/Organizations/Register for a valid team form: 'Other' sends the free text. */
export function teamCreateBody(v: TeamCreateForm): OrganizationRegister {
  const consumer = v.industry === INDUSTRY_NONE_CONSUMER;
  return {
    name: v.name.trim(),
    companyName: consumer ? null : v.companyName.trim(),
    industry: v.industry === INDUSTRY_OTHER ? v.industryOther.trim() : v.industry,
  };
}
