import { LicenseTypes, Roles } from '../enums.ts';
import { limits } from '../limits.ts';
import { emailPattern } from '../loginChecks.ts';
import { fieldMessages, serverMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';

export const id = z.uuid();
export const isoDate = z.iso.datetime({ offset: true });
export const role = z.enum(Roles);
export const licenseType = z.enum(LicenseTypes);

export const email = z
  .string()
  .trim()
  .min(1, fieldMessages.required)
  .max(limits.emailMax, fieldMessages.maxLength(limits.emailMax))
  .pipe(z.email({ pattern: emailPattern, error: fieldMessages.email }))
  .transform((s) => s.toLowerCase());

export const personName = z
  .string()
  .trim()
  .min(limits.nameMin, fieldMessages.minLength(limits.nameMin))
  .max(limits.nameMax, fieldMessages.maxLength(limits.nameMax));

export const position = z
  .string()
  .trim()
  .min(limits.positionMin, fieldMessages.minLength(limits.positionMin))
  .max(limits.positionMax, fieldMessages.maxLength(limits.positionMax));

/** The strong-password rule (part1 §5): 8+ characters with lowercase, uppercase and digit. */
export const strongPasswordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const isStrongPassword = (s: string) => strongPasswordPattern.test(s);
export const strongPassword = z
  .string()
  .max(limits.passwordMax, fieldMessages.maxLength(limits.passwordMax))
  .refine(isStrongPassword, serverMessages.weakPassword);

/** A paged list (part1 §3). List calls also echo the filter. */
export const pagedResult = <T extends z.ZodType>(item: T) =>
  z.object({
    currentPage: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    entryCount: z.number().int(),
    firstRowOnPage: z.number().int(),
    lastRowOnPage: z.number().int(),
    results: z.array(item),
    filter: z.string().optional(),
  });

export const pageQuery = z.object({
  Filter: z.string().max(200).optional(),
  Page: z.coerce.number().int().min(1),
  PageSize: z.coerce.number().int().min(1).max(100),
});

/** RFC 9457 problem details, with per-field validation messages. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problem>;

export const success = z.object({ success: z.boolean() });
