import { type MeetingLookup, MeetingLookupErrors } from '@roomscale/shared';
import { meetingsApi } from '@roomscale/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';

const notFound: MeetingLookup = {
  meetingDetail: null,
  message: '',
  error: MeetingLookupErrors.MeetingNotFound,
  startDate: null,
  endDate: null,
};

/**
 * The public lookup by code (GET /api/Meetings/{code}, no sign-in). MeetingNotFound arrives as a
 * 404 (and a malformed code as a 400): answers for this page, not failures.
 */
export function useMeetingLookup(code: string) {
  return useQuery({
    queryKey: ['meetingLookup', code],
    enabled: code.length > 0,
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    queryFn: async ({ signal }): Promise<MeetingLookup> => {
      try {
        return await call(meetingsApi.lookup, { params: { code }, signal });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return notFound;
        throw e;
      }
    },
  });
}
