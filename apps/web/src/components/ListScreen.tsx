import {
  ActionIcon,
  Box,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { shellTexts } from '@roomscale/shared';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPageHeader } from './ListPageHeader.tsx';
import classes from './ListScreen.module.css';
import { LoadFailed } from './LoadFailed.tsx';
import { Pager } from './Pager.tsx';
import { type ListParams, usePageInRange } from './useListParams.ts';

/** The strings a searchable list screen shows (each list's own, from packages/shared). */
export type ListTexts = {
  title: string;
  intro: string;
  search: string;
  searchPlaceholder: string;
  clearSearch: string;
  empty: string;
  emptyHint: string;
  noMatch: string;
  noMatchHint: (search: string) => string;
  loadFailed: string;
  retry: string;
  pagination: string;
};

type Page = { results: readonly unknown[]; pageCount: number };

/**
 * A searchable, paged list screen: the header with its add action, the search box (debounced,
 * in the address: useListParams) with the count beside it, then one of the skeleton, the load
 * failure with Try again, the empty or no-match state, or the results (`children`, dimmed while
 * another page loads), and the pager. A page past the end moves to the last one.
 */
export function ListScreen<P extends Page>({
  texts,
  admin = false,
  add,
  params,
  query,
  count,
  emptyIcon,
  skeleton,
  children,
}: {
  texts: ListTexts;
  /** Admin screens use the smaller title. */
  admin?: boolean;
  /** The button that adds to the list ('New user'), opening a dialog. */
  add: { label: string; onClick: () => void };
  params: ListParams;
  query: UseQueryResult<P>;
  /** The count line for a loaded page. */
  count: (data: P) => string;
  emptyIcon: ReactNode;
  /** What shows while the first page loads. */
  skeleton: ReactNode;
  /** The loaded page's results (never called for an empty page). */
  children: (data: P) => ReactNode;
}) {
  const { input, setInput, search, clear, page, setPage } = params;
  const data = query.data;
  usePageInRange(params, data?.pageCount);

  return (
    <Stack gap="lg">
      <ListPageHeader title={texts.title} intro={texts.intro} admin={admin}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={add.onClick}
          aria-haspopup="dialog"
        >
          {add.label}
        </Button>
      </ListPageHeader>

      <Group justify="space-between" gap="md" align="center">
        <TextInput
          className={classes.search}
          aria-label={texts.search}
          placeholder={texts.searchPlaceholder}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            query.isFetching && input.trim() === search ? (
              <Loader size={14} />
            ) : input ? (
              <CloseButton size="sm" aria-label={texts.clearSearch} onClick={clear} />
            ) : null
          }
          type="search"
        />
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {count(data)}
          </Text>
        )}
      </Group>

      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        <LoadFailed
          title={texts.loadFailed}
          error={query.error}
          retryLabel={texts.retry}
          onRetry={() => query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={emptyIcon}
            title={search ? texts.noMatch : texts.empty}
            description={search ? texts.noMatchHint(search) : texts.emptyHint}
          />
        </Card>
      ) : (
        <Box
          aria-busy={query.isPlaceholderData || undefined}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {children(query.data)}
        </Box>
      )}

      {data && (
        <Pager page={page} total={data.pageCount} onChange={setPage} label={texts.pagination} />
      )}
    </Stack>
  );
}

/** Rows of placeholders while a table's first page loads. */
export function TableSkeleton({ rows }: { rows: number }) {
  return (
    <Card padding="md" role="status" aria-label={shellTexts.loading}>
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    </Card>
  );
}

/** A row's Edit (a link to its page) and Delete buttons, each named for the row. */
export function RowActions({
  editTo,
  editLabel,
  deleteLabel,
  onDelete,
  className,
  end = false,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
  className?: string;
  /** At the end of a table row. */
  end?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify={end ? 'flex-end' : undefined} className={className}>
      <Tooltip label={editLabel}>
        <ActionIcon
          component={Link}
          to={editTo}
          variant="subtle"
          color="gray"
          aria-label={editLabel}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteLabel}>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
