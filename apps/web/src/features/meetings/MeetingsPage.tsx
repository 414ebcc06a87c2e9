import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Meeting, meetingLimits, meetingsTexts } from '@roomscale/shared';
import {
  IconAlertTriangle,
  IconCalendarPlus,
  IconCalendarSearch,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showConfirm, showError } from '../../components/dialogs.tsx';
import { ListPageHeader } from '../../components/ListPageHeader.tsx';
import { preloadOn } from '../../components/lazyPart.ts';
import { OverlayLoader } from '../../components/OverlayLoader.tsx';
import { useListParams, usePageInRange } from '../../components/useListParams.ts';
import { useDeleteMeeting, useMeetings } from './api.ts';
import { MeetingCard } from './MeetingCard.tsx';
import { MeetingFormModal } from './meetingFormPart.ts';
import { useNow } from './useNow.ts';

const t = meetingsTexts.list;
const preloadForm = preloadOn(MeetingFormModal.preload);
/** `?show=all` lists past meetings too; without it, the upcoming ones. */
const SHOW = 'show';
const ALL = 'all';

/** The create/edit modal; the meeting stays while it closes so its title does not flicker. */
type Editing = { opened: boolean; meeting: Meeting | null };

/**
 * The meetings list (part2 §2): search (800 ms debounce), Upcoming or All, pages of 10 cards,
 * and the create/edit modal. Search, filter and page are kept in the address (useListParams);
 * `?new=1` opens the create modal (the dashboard links here).
 */
export function MeetingsPage() {
  const [params, setParams] = useSearchParams();
  const list = useListParams({ debounceMs: meetingLimits.searchDebounceMs });
  const filter = list.search;
  const includePast = list.filter(SHOW) === ALL;
  const page = list.page;
  const [editing, setEditing] = useState<Editing>(() => ({
    opened: params.get('new') === '1',
    meeting: null,
  }));
  // The form is mounted from its first opening on, then kept (closed) for its transitions.
  const [formUsed, setFormUsed] = useState(editing.opened);
  if (editing.opened && !formUsed) setFormUsed(true);
  const meetings = useMeetings({ filter, includePast, page });
  const remove = useDeleteMeeting();
  const now = useNow();

  const closeModal = () => {
    setEditing((e) => ({ ...e, opened: false }));
    if (params.has('new')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('new');
          return next;
        },
        { replace: true },
      );
    }
  };

  const onDelete = async (m: Meeting) => {
    const ok = await showConfirm({
      title: meetingsTexts.remove.title,
      content: meetingsTexts.remove.text(m.name),
      confirmLabel: meetingsTexts.remove.confirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m.id);
      notifications.show({ color: 'teal', title: meetingsTexts.remove.done, message: m.name });
    } catch (e) {
      await showError(e);
    }
  };

  const data = meetings.data;
  const results = data?.results ?? [];
  const pageCount = data?.pageCount ?? 0;
  // A page emptied by a delete falls back to the last page that exists.
  usePageInRange(list, data?.pageCount);

  return (
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing({ opened: true, meeting: null })}
          aria-haspopup="dialog"
          {...preloadForm}
        >
          {t.add}
        </Button>
      </ListPageHeader>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t.search}
            placeholder={t.searchPlaceholder}
            value={list.input}
            onChange={(e) => list.setInput(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              list.input ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={list.clear}
                  aria-label={t.clearSearch}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              ) : null
            }
            w={{ base: '100%', xs: 300 }}
            type="search"
          />
          <SegmentedControl
            aria-label={t.filterLabel}
            value={includePast ? 'all' : 'upcoming'}
            onChange={(v) => list.setFilters({ [SHOW]: v === 'all' ? ALL : null })}
            data={[
              { value: 'upcoming', label: t.upcoming },
              { value: 'all', label: t.all },
            ]}
          />
        </Group>
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t.count(data.entryCount)}
          </Text>
        )}
      </Group>

      {meetings.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy>
          <VisuallyHidden>{t.loading}</VisuallyHidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={196} radius="lg" />
          ))}
        </SimpleGrid>
      ) : meetings.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t.failed}
        >
          <Button size="xs" variant="light" color="red" onClick={() => void meetings.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : results.length === 0 ? (
        <EmptyState
          filter={filter}
          includePast={includePast}
          onAdd={() => setEditing({ opened: true, meeting: null })}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="md"
          style={{ opacity: meetings.isPlaceholderData ? 0.6 : 1 }}
        >
          {results.map((m) => (
            <MeetingCard
              key={m.id}
              meeting={m}
              now={now}
              onEdit={(meeting) => setEditing({ opened: true, meeting })}
              onEditIntent={MeetingFormModal.preload}
              onDelete={(meeting) => void onDelete(meeting)}
            />
          ))}
        </SimpleGrid>
      )}

      {pageCount > 1 && (
        <Center>
          <Pagination
            total={pageCount}
            value={page}
            onChange={(n) => list.setPage(n)}
            withEdges
            getControlProps={(control) => ({
              'aria-label': `${t.pagination}: ${control}`,
            })}
          />
        </Center>
      )}

      {formUsed && (
        <Suspense fallback={<OverlayLoader />}>
          <MeetingFormModal
            opened={editing.opened}
            meeting={editing.meeting}
            onClose={closeModal}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function EmptyState({
  filter,
  includePast,
  onAdd,
}: {
  filter: string;
  includePast: boolean;
  onAdd: () => void;
}) {
  const searching = filter.length > 0;
  return (
    <Card padding="xl">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light">
          {searching ? (
            <IconCalendarSearch size={28} aria-hidden />
          ) : (
            <IconCalendarPlus size={28} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {searching ? t.noMatchTitle : includePast ? t.emptyAllTitle : t.emptyUpcomingTitle}
        </Title>
        <Text c="dimmed" ta="center" maw={440}>
          {searching ? t.noMatchText(filter) : t.emptyText}
        </Text>
        {!searching && (
          <Button
            mt="sm"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={onAdd}
            {...preloadForm}
          >
            {t.add}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
