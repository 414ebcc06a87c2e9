import { id } from '../schemas/common.ts';
import { z } from '../zodErrors.ts';

export { bearer } from './define.ts';
/** A call that answers 204 with no body. */
export const noContent = { 204: z.null().describe('No content') };
/** Calls under one team. */
export const teamParams = z.object({ organizationId: id });
