import { z } from 'zod';
import { id } from '../schemas/common.ts';

/** Calls that need the bearer access token of a user or a guest. */
export const bearer = [{ bearer: [] as string[] }];
/** A call that answers 204 with no body. */
export const noContent = { 204: z.null().describe('No content') };
/** Calls under one team. */
export const teamParams = z.object({ organizationId: id });
