import { friendlyServerMessages, screenMessages, serverMessages } from '@roomscale/shared';
import { ApiError } from '../../../api/client.ts';
import { serverMessage } from '../../../api/errors.ts';

/**
 * Why the server refused, in one sentence: its own detail (a known message in its friendly
 * form), also when it names a field, as for a team's last admin or one's own super admin flag.
 * A bare validation failure lists its fields; a lost connection or a 5xx is the mapper's text.
 */
export function refusalText(error: unknown) {
  const detail =
    error instanceof ApiError && error.status < 500 && error.problem?.detail
      ? error.problem.detail
      : undefined;
  return detail && detail !== serverMessages.validation
    ? (friendlyServerMessages[detail] ?? detail)
    : serverMessage(error);
}

/**
 * 'An error has occurred: {text}.' for a failed membership save (part1 §8), 'License limit
 * reached.' in its friendly form included. Server messages end with a full stop; the sentence
 * adds one, so it is dropped first.
 */
export const membershipFailure = (error: unknown) =>
  screenMessages.teamSaveFailed(refusalText(error).replace(/[.\s]+$/, ''));
