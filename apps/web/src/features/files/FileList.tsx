import {
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FileItem, type FilePage, filesTexts } from '@roomscale/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useWhenVisible } from '../rooms/useWhenVisible.ts';
import { FileCard } from './FileCard.tsx';
import classes from './FilesLayout.module.css';
import type { useFileActions } from './useFileActions.ts';

const t = filesTexts.library;

const folderCols = { base: 1, xs: 2, lg: 3, xl: 4 };
const fileCols = { base: 2, sm: 3, lg: 4, xl: 5 };

/**
 * The items of a view, page by page: loading skeletons, a failed load, the empty state, or a
 * 'Folders' section then a 'Files' section, and 'Load more' (also when the end scrolls into view).
 */
export function FileList({
  query,
  actions,
  empty,
  sections = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<FilePage>, Error>;
  actions: ReturnType<typeof useFileActions>;
  empty: ReactNode;
  /** Folder and file headings; flat lists (recent files) have none. */
  sections?: boolean;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useWhenVisible(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, query.data?.pages.length ?? 0);

  if (query.isPending) return <FileSkeletons />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t.loadFailed}
        error={query.error}
        retryLabel={t.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data.pages.flatMap((p) => p.results);
  if (items.length === 0) return empty;
  const folders = items.filter((f) => f.type === 'Folder');
  const files = items.filter((f) => f.type !== 'Folder');

  return (
    <Stack gap="xl">
      {folders.length > 0 && (
        <Section
          title={sections ? t.folders : null}
          items={folders}
          cols={folderCols}
          actions={actions}
        />
      )}
      {files.length > 0 && (
        <Section
          title={sections ? t.files : null}
          items={files}
          cols={fileCols}
          actions={actions}
        />
      )}
      <div ref={sentinel} className={classes.sentinel} />
      <Center mih={40}>
        {isFetchingNextPage ? (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loadingMore}
            </Text>
          </Group>
        ) : hasNextPage ? (
          <Button variant="subtle" onClick={() => void fetchNextPage()}>
            {t.loadMore}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t.allLoaded}
          </Text>
        )}
      </Center>
    </Stack>
  );
}

function Section({
  title,
  items,
  cols,
  actions,
}: {
  title: string | null;
  items: FileItem[];
  cols: Record<string, number>;
  actions: ReturnType<typeof useFileActions>;
}) {
  const grid = (
    <SimpleGrid cols={cols} spacing="md">
      {items.map((file) => (
        <FileCard key={file.fileId} file={file} actions={actions} />
      ))}
    </SimpleGrid>
  );
  if (!title) return grid;
  return (
    <section aria-label={title}>
      <Title order={2} fz="sm" fw={600} c="dimmed" tt="uppercase" lts={0.6} mb="sm">
        {title}
      </Title>
      {grid}
    </section>
  );
}

/** The empty state of a view: its icon, title and hint. */
export function NoItems({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <Card padding="xl" className={classes.empty}>
      <EmptyState icon={icon} title={title} description={hint}>
        {children}
      </EmptyState>
    </Card>
  );
}

function FileSkeletons() {
  return (
    <SimpleGrid cols={fileCols} spacing="md" role="status" aria-label={t.loading}>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} padding={0}>
          <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
          <Stack gap={6} p="sm">
            <Skeleton height={14} width="70%" />
            <Skeleton height={10} width="45%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
