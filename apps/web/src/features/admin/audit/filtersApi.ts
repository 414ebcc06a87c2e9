import { adminApi } from '@roomscale/shared/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export type PickerKind = 'team' | 'user';
export type Suggestion = { value: string; label: string; description?: string };

/** Suggestions shown under a filter box. */
const suggestionCount = 5;

const nameKey = (kind: PickerKind, id: string) => ['audit', 'filterName', kind, id] as const;

/** The first teams or users matching `search` (all of them, by name, when it is empty). */
export function useSuggestions(kind: PickerKind, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['audit', 'suggestions', kind, search] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Suggestion[]> => {
      const query = { Filter: search || undefined, Page: 1, PageSize: suggestionCount };
      if (kind === 'team') {
        const page = await call(adminApi.listOrganizations, { query, signal });
        return page.results.map((o) => ({ value: o.id, label: o.name }));
      }
      const page = await call(adminApi.listUsers, { query, signal });
      return page.results.map((u) => ({
        value: u.id,
        label: `${u.firstName} ${u.lastName}`,
        description: u.email,
      }));
    },
  });
}

/**
 * The name of the team or user a filter holds. A pick from the suggestions stores it (`remember`);
 * an address opened afresh (a shared link, a reload) holds only the id, so it is looked up once.
 */
export function useFilterName(kind: PickerKind, id: string) {
  const client = useQueryClient();
  const name = useQuery({
    queryKey: nameKey(kind, id),
    enabled: id !== '',
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      if (kind === 'team') {
        const team = await call(adminApi.getOrganization, {
          params: { organizationId: id },
          signal,
        });
        return team.name;
      }
      const user = await call(adminApi.getUser, { params: { userId: id }, signal });
      return `${user.firstName} ${user.lastName}`;
    },
  });
  const remember = (s: Suggestion) => client.setQueryData(nameKey(kind, s.value), s.label);
  return { name: name.data, remember };
}
