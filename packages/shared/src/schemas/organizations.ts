import { INDUSTRY_NONE_CONSUMER, INDUSTRY_OTHER } from '../enums.ts';
import { limits } from '../limits.ts';
import { fieldMessages, serverMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { id, isoDate, licenseType, role } from './common.ts';

/** The fields of a team's details: registration, the team's own edit and the admin edit. */
export const teamDetailsShape = {
  name: z
    .string()
    .trim()
    .min(limits.teamNameMin, fieldMessages.minLength(limits.teamNameMin))
    .max(limits.teamNameMax, fieldMessages.maxLength(limits.teamNameMax)),
  companyName: z
    .string()
    .trim()
    .max(limits.companyNameMax, fieldMessages.maxLength(limits.companyNameMax))
    .nullable()
    .optional(),
  industry: z
    .string()
    .trim()
    .min(limits.industryTextMin, fieldMessages.minLength(limits.industryTextMin))
    .max(limits.industryTextMax, fieldMessages.maxLength(limits.industryTextMax))
    .refine((s) => s !== INDUSTRY_OTHER, fieldMessages.required),
};

type TeamDetailsInput = { industry: string; companyName?: string | null | undefined };

/** Company name 2..100, required unless the industry is 'None (Consumer)'. */
export const companyRule = (v: TeamDetailsInput, ctx: z.RefinementCtx) => {
  if (v.industry === INDUSTRY_NONE_CONSUMER) return;
  const company = v.companyName ?? '';
  if (company.length < limits.companyNameMin) {
    ctx.addIssue({
      code: 'custom',
      path: ['companyName'],
      message:
        company.length === 0
          ? serverMessages.companyRequired
          : fieldMessages.minLength(limits.companyNameMin),
    });
  }
};

/** A consumer team has no company name. */
export const clearConsumerCompany = <T extends TeamDetailsInput>(v: T) => ({
  ...v,
  companyName: v.industry === INDUSTRY_NONE_CONSUMER ? null : (v.companyName ?? null),
});

/**
 * Team registration (part1 §5): name 2..100; industry one of the list or free text 2..60
 * (the free text replaces 'Other'); company name 2..100, required unless the industry is
 * 'None (Consumer)', where it is cleared.
 */
export const organizationRegister = z
  .object(teamDetailsShape)
  .superRefine(companyRule)
  .transform(clearConsumerCompany);
export type OrganizationRegister = z.input<typeof organizationRegister>;

/**
 * PATCH /api/Organizations/{organizationId} (part2 §3 edit command): the registration's fields and
 * rules. The command's `organizationId` may be sent too; the path names the team.
 */
export const organizationEdit = organizationRegister;
export type OrganizationEdit = OrganizationRegister;

/** Organization as the team screens see it (part2 §3). */
export const organization = z.object({
  id,
  organizationId: id,
  name: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  imageUpdated: isoDate.nullable(),
  samlLoginProviderId: z.string().nullable(),
  samlLoginDisplayName: z.string().nullable(),
});
export type Organization = z.infer<typeof organization>;

/** GET /api/Users/Me/Organizations: one entry per team the user belongs to (part1 §3 Membership). */
export const membership = z.object({
  id,
  name: z.string(),
  role,
  licenseType,
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  imageUpdated: isoDate.nullable(),
  samlLoginProviderId: z.string().nullable(),
  samlLoginDisplayName: z.string().nullable(),
});
export type Membership = z.infer<typeof membership>;
export const membershipList = z.array(membership);
