import { Card } from '@mantine/core';
import { limits } from '@roomscale/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { countIsLowerBound } from '../../components/countBound.ts';
import { ListScreen, type ListTexts, TableSkeleton } from '../../components/ListScreen.tsx';
import { useListParams } from '../../components/useListParams.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';

/** An admin list's strings: the list screen's, its count line and its table's name. */
export type AdminListTexts = ListTexts & {
  count: (n: number, more?: boolean) => string;
  tableLabel: string;
};

type AdminPage<R> = {
  results: readonly R[];
  pageCount: number;
  currentPage: number;
  pageSize: number;
  entryCount: number;
};

/**
 * A super admin's list of users, teams…: a ListScreen whose search and page live in the address
 * (debounced as part1 §2 says), with the count that knows when it stopped counting, and the
 * results as one table under `columns`. `tableClassName` gives the table its phone layout;
 * without one, the table scrolls sideways inside its card below `scrollMinWidth`.
 */
export function AdminListScreen<R extends { id: string }>({
  texts,
  add,
  useList,
  emptyIcon,
  skeletonRows,
  columns,
  tableClassName,
  scrollMinWidth,
  highlightOnHover = false,
  row,
}: {
  texts: AdminListTexts;
  add: { label: string; onClick: () => void };
  /** The list's query for a search and a page (a hook: the same one on every render). */
  useList: (search: string, page: number) => UseQueryResult<AdminPage<R>>;
  emptyIcon: ReactNode;
  skeletonRows: number;
  columns: readonly AdminColumn[];
  tableClassName?: string;
  scrollMinWidth?: number;
  /** Rows shade under the pointer (the users list's names keep their contrast on the shade). */
  highlightOnHover?: boolean;
  row: (result: R) => ReactNode;
}) {
  const params = useListParams({ debounceMs: limits.adminSearchDebounceMs });
  const query = useList(params.search, params.page);

  return (
    <ListScreen
      texts={texts}
      admin
      add={add}
      params={params}
      query={query}
      count={(data) => texts.count(data.entryCount, countIsLowerBound(data))}
      emptyIcon={emptyIcon}
      skeleton={<TableSkeleton rows={skeletonRows} />}
    >
      {(data) => (
        <Card padding={0}>
          <AdminTable
            label={texts.tableLabel}
            columns={columns}
            rows={data.results}
            rowKey={(r) => r.id}
            row={row}
            highlightOnHover={highlightOnHover}
            className={tableClassName}
            scrollMinWidth={scrollMinWidth}
          />
        </Card>
      )}
    </ListScreen>
  );
}
