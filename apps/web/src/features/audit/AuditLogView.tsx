import { Button, Card, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { type AuditPage, auditPaging, auditTexts, shellTexts } from '@roomscale/shared';
import { IconHistory } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { countIsLowerBound } from '../../components/countBound.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Pager } from '../../components/Pager.tsx';
import { AuditTable } from './AuditTable.tsx';

const t = auditTexts;

type Props = {
  log: UseQueryResult<AuditPage>;
  page: number;
  /**
   * `replace` when the page is corrected rather than chosen (a page past the end); `after`, where
   * the chosen page starts, when the screen knows it.
   */
  setPage: (page: number, replace?: boolean, after?: string) => void;
  admin: boolean;
  /** Set when filters narrow the log: an empty page then means 'no match', with a way out. */
  onClearFilters?: () => void;
};

/**
 * One page of an audit log with its loading, failed, empty and no-match states and its pager.
 * Its parent gives it a new `key` when the filters change: the cursors it keeps are one list's.
 */
export function AuditLogView({ log, page, setPage, admin, onClearFilters }: Props) {
  const data = log.data;
  // Where each page reached so far starts (the page before's nextCursor): such a page is read
  // from there, at the cost of the first page however deep it is.
  const cursors = useRef(new Map<number, string>()).current;
  if (data?.nextCursor) cursors.set(data.currentPage + 1, data.nextCursor);

  // A page past the end (an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount, true);
  }, [data, page, setPage]);

  const choose = (n: number) => setPage(n, false, cursors.get(n));
  // By number alone a page reaches no further than offsetMax entries: past them, only the pages
  // whose start is known are offered.
  const byNumber = Math.floor(auditPaging.offsetMax / (data?.pageSize || 1)) + 1;
  const reachable = Math.max(byNumber, ...cursors.keys());

  if (log.isPending) return <TableSkeleton />;
  if (log.isError) {
    return (
      <LoadFailed
        title={t.loadFailed}
        error={log.error}
        retryLabel={t.retry}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (log.data.results.length === 0) {
    return (
      <Card padding="xl">
        <EmptyState
          icon={<IconHistory size={28} aria-hidden />}
          title={onClearFilters ? t.noMatch : t.empty}
          description={onClearFilters ? t.noMatchHint : t.emptyHint}
        >
          {onClearFilters && (
            <Button variant="light" onClick={onClearFilters}>
              {t.clearFilters}
            </Button>
          )}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t.count(log.data.entryCount, countIsLowerBound(log.data))}
      </Text>
      <Card padding="xs" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
        <AuditTable entries={log.data.results} admin={admin} />
      </Card>
      <Pager
        page={page}
        total={Math.min(log.data.pageCount, reachable)}
        onChange={choose}
        label={t.pagination}
      />
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Card padding="md" role="status" aria-label={shellTexts.loading}>
      <Stack gap="sm">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    </Card>
  );
}
