import { Group, Stack } from '@mantine/core';
import { auditTexts } from '@roomscale/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { AuditLogView } from '../../audit/AuditLogView.tsx';
import { useAdminAuditLog } from '../../audit/api.ts';
import { usePageParam } from '../../audit/paging.ts';
import { FilterPicker } from './FilterPicker.tsx';

const t = auditTexts;

/**
 * /admin/auditlog (super admins): every recorded change, newest first, 25 a page, optionally one
 * team's or about one user. Filters and page live in the address (?team=&user=&page=), so Back
 * and shared links show the same list.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const team = params.get('team') ?? '';
  const user = params.get('user') ?? '';
  const { page, after, setPage } = usePageParam();
  const log = useAdminAuditLog({ team, user, page, after });

  // A new filter is a new list: it starts at page 1. Each change is a history entry for Back.
  const setFilter = useCallback(
    (changes: { team?: string; user?: string }) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        for (const [key, id] of Object.entries(changes)) {
          if (id) next.set(key, id);
          else next.delete(key);
        }
        next.delete('page');
        next.delete('after');
        return next;
      }),
    [setParams],
  );

  const filtered = team !== '' || user !== '';

  return (
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro} admin>
        {null}
      </ListPageHeader>
      <Group role="search" aria-label={t.filters.label} gap="md" align="flex-end">
        <FilterPicker kind="team" value={team} onChange={(id) => setFilter({ team: id })} />
        <FilterPicker kind="user" value={user} onChange={(id) => setFilter({ user: id })} />
      </Group>
      <AuditLogView
        key={`${team}/${user}`}
        log={log}
        page={page}
        setPage={setPage}
        admin
        onClearFilters={filtered ? () => setFilter({ team: '', user: '' }) : undefined}
      />
    </Stack>
  );
}
