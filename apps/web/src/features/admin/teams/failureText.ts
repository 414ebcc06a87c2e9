import { screenMessages } from '@roomscale/shared';
import { serverMessage } from '../../../api/errors.ts';

/**
 * 'An error has occurred: {detail}.' (part1 §8) for a failed team, membership or license save.
 * Server messages end with their own full stop; the sentence adds one, so it is dropped first.
 */
export const failureText = (error: unknown) =>
  screenMessages.teamSaveFailed(serverMessage(error).replace(/[.\s]+$/, ''));
