import { callUrl, type Endpoint, insightApi } from '@roomscale/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';
import { accessToken } from '../../api/tokens.ts';

/** The zone the weeks are cut in and the times shown: the browser's (issue 29 §4). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const insightKeys = {
  teamUsage: (teamId: string, zone: string) => ['insight', teamId, 'usage', zone] as const,
  devices: (teamId: string, page: number) => ['insight', teamId, 'devices', page] as const,
  attendance: (teamId: string, meetingId: string) =>
    ['insight', teamId, 'attendance', meetingId] as const,
  platform: (zone: string) => ['insight', 'platform', zone] as const,
};

/** GET …/Usage: the team's 12 weeks, cut in the browser's zone. */
export function useTeamUsage(teamId: string) {
  const timeZone = browserZone();
  return useQuery({
    queryKey: insightKeys.teamUsage(teamId, timeZone),
    queryFn: ({ signal }) =>
      call(insightApi.teamUsage, {
        params: { organizationId: teamId },
        query: { timeZone },
        signal,
      }),
  });
}

export const devicesPageSize = 25;

/** GET …/Devices: one page of the team's devices, latest seen first. */
export function useTeamDevices(teamId: string, page: number) {
  return useQuery({
    queryKey: insightKeys.devices(teamId, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(insightApi.devices, {
        params: { organizationId: teamId },
        query: { Filter: '', Page: page, PageSize: devicesPageSize },
        signal,
      }),
  });
}

/** GET …/Meetings/{meetingId}/Attendance. */
export function useAttendance(teamId: string, meetingId: string) {
  return useQuery({
    queryKey: insightKeys.attendance(teamId, meetingId),
    queryFn: ({ signal }) =>
      call(insightApi.attendance, { params: { organizationId: teamId, meetingId }, signal }),
  });
}

/** GET /api/Admin/Usage (super admins). */
export function usePlatformUsage() {
  const timeZone = browserZone();
  return useQuery({
    queryKey: insightKeys.platform(timeZone),
    queryFn: ({ signal }) => call(insightApi.platformUsage, { query: { timeZone }, signal }),
  });
}

/**
 * Downloads one of the CSV calls as a file: the typed client reads JSON, so the CSV is fetched
 * here with the same bearer token and saved through an object URL under `fileName`.
 */
export async function downloadCsv(
  e: Endpoint,
  input: { params?: Record<string, unknown>; query?: object },
  fileName: string,
): Promise<void> {
  const token = await accessToken();
  if (!token) throw new ApiError(401, null);
  let res: Response;
  try {
    res = await fetch(callUrl(e, input), {
      headers: { accept: 'text/csv', authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!res.ok) throw new ApiError(res.status, null);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
