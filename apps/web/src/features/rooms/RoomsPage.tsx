import {
  Button,
  Card,
  Center,
  Chip,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  type Room,
  RoomSharingFilters,
  type RoomTemplateFilter,
  RoomTemplateFilters,
  roomMessages,
  roomsTexts,
} from '@roomscale/shared';
import { IconCube, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ListPageHeader } from '../../components/ListPageHeader.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useListParams } from '../../components/useListParams.ts';
import { useSession } from '../../session/session.ts';
import { AddRoomModal } from './AddRoomModal.tsx';
import { useRooms } from './api.ts';
import { RoomCard } from './RoomCard.tsx';
import { RoomModal } from './RoomModal.tsx';
import classes from './RoomsPage.module.css';
import {
  filtersFromParams,
  filtersToParams,
  nextSharing,
  type RoomFilters,
  roomFilterParams,
} from './roomFilters.ts';
import { useWhenVisible } from './useWhenVisible.ts';

const t = roomsTexts;

/** The rooms list (part2 §2): filters, infinite scroll, cards, add and view/edit modals. */
export function RoomsPage() {
  const { team } = useSession();
  if (!team) return null;
  return <Rooms teamId={team.id} isAdmin={team.role === 'Admin'} />;
}

function Rooms({ teamId, isAdmin }: { teamId: string; isAdmin: boolean }) {
  // The filters live in the address, so a reload or a shared link shows the same rooms.
  const params = useListParams();
  const filters = filtersFromParams(
    params.filter(roomFilterParams.sharing),
    params.filter(roomFilterParams.roomType),
  );
  const setFilters = (next: RoomFilters) => params.setFilters(filtersToParams(next));
  const [adding, setAdding] = useState(false);
  const [openRoom, setOpenRoom] = useState<Room | null>(null);
  const rooms = useRooms(teamId, filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rooms;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const sentinel = useWhenVisible(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, rooms.data?.pages.length ?? 0);

  const list = rooms.data?.pages.flatMap((p) => p.results) ?? [];
  const total = rooms.data?.pages[0]?.entryCount ?? 0;
  // The open room follows the list, so a change shows in the modal once the list reloads.
  const shownRoom = openRoom ? (list.find((r) => r.id === openRoom.id) ?? openRoom) : null;

  return (
    <Stack gap="lg">
      <ListPageHeader title={t.title} intro={t.intro}>
        <AddRoomButton isAdmin={isAdmin} onClick={() => setAdding(true)} />
      </ListPageHeader>

      <Filters filters={filters} onChange={setFilters} total={rooms.isSuccess ? total : null} />

      {rooms.isPending ? (
        <RoomSkeletons />
      ) : rooms.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={rooms.error}
          retryLabel={t.retry}
          onRetry={() => rooms.refetch()}
        />
      ) : list.length === 0 ? (
        <NoRooms
          isAdmin={isAdmin}
          onAdd={() => setAdding(true)}
          onReset={() => setFilters({ sharing: ['All'], roomType: 'All' })}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {list.map((room) => (
              <RoomCard key={room.id} room={room} onOpen={setOpenRoom} />
            ))}
          </SimpleGrid>
          <div ref={sentinel} className={classes.sentinel} />
          <Center mih={48}>
            {isFetchingNextPage ? (
              <Group gap="sm" role="status" aria-live="polite">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  {t.loadingMore}
                </Text>
              </Group>
            ) : hasNextPage ? (
              // For keyboards and for when scrolling does not trigger the next page.
              <Button variant="subtle" onClick={() => fetchNextPage()}>
                {t.loadMore}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t.allLoaded}
              </Text>
            )}
          </Center>
        </>
      )}

      {adding && <AddRoomModal teamId={teamId} onClose={() => setAdding(false)} />}
      {shownRoom && (
        <RoomModal
          teamId={teamId}
          room={shownRoom}
          onChanged={setOpenRoom}
          onClose={() => setOpenRoom(null)}
        />
      )}
    </Stack>
  );
}

/** '+ Add room': disabled for non-admins, with the reason in a tooltip (also on focus). */
function AddRoomButton({ isAdmin, onClick }: { isAdmin: boolean; onClick: () => void }) {
  const icon = <IconPlus size={18} aria-hidden />;
  if (isAdmin) {
    return (
      <Button leftSection={icon} onClick={onClick} aria-haspopup="dialog">
        {t.addRoom}
      </Button>
    );
  }
  return (
    <Tooltip label={roomMessages.adminRequired} events={{ hover: true, focus: true, touch: true }}>
      <Button
        leftSection={icon}
        data-disabled
        aria-disabled="true"
        onClick={(e) => e.preventDefault()}
      >
        {t.addRoom}
      </Button>
    </Tooltip>
  );
}

function Filters({
  filters,
  onChange,
  total,
}: {
  filters: RoomFilters;
  onChange: (f: RoomFilters) => void;
  total: number | null;
}) {
  const sharingId = useId();
  const typeId = useId();
  return (
    <Paper withBorder p="md" className={classes.filters}>
      <Group justify="space-between" align="flex-end" gap="lg">
        <Group gap="xl" align="flex-start">
          <div role="group" aria-labelledby={sharingId}>
            <Text id={sharingId} size="sm" fw={500} mb={6}>
              {t.filters.sharing}
            </Text>
            <Chip.Group
              multiple
              value={filters.sharing}
              onChange={(v) =>
                onChange({
                  ...filters,
                  sharing: nextSharing(filters.sharing, v as RoomFilters['sharing']),
                })
              }
            >
              <Group gap={6}>
                {RoomSharingFilters.map((s) => (
                  <Chip key={s} value={s} size="sm" variant="light">
                    {t.filters.sharingOptions[s]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <div>
            <Text id={typeId} size="sm" fw={500} mb={6}>
              {t.filters.roomType}
            </Text>
            <SegmentedControl
              aria-labelledby={typeId}
              role="radiogroup"
              size="sm"
              value={filters.roomType}
              onChange={(v) => onChange({ ...filters, roomType: v as RoomTemplateFilter })}
              data={RoomTemplateFilters.map((v) => ({
                value: v,
                label: t.filters.roomTypeOptions[v],
              }))}
            />
          </div>
        </Group>
        {total !== null && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t.count(total)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** 'No rooms found.' with the hint for admins or for members (part2 §2). */
function NoRooms({
  isAdmin,
  onAdd,
  onReset,
}: {
  isAdmin: boolean;
  onAdd: () => void;
  onReset: () => void;
}) {
  return (
    <Card padding="xl">
      <EmptyState
        icon={<IconCube size={28} aria-hidden />}
        title={roomMessages.noRooms}
        description={
          <span className={classes.hint}>
            {isAdmin ? roomMessages.noRoomsAdminHint : roomMessages.noRoomsUserHint}
          </span>
        }
      >
        {isAdmin && (
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {t.addRoom}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={onReset}
            >
              {t.filters.reset}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}

function RoomSkeletons() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="status" aria-label={t.loading}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} padding="md">
          <Card.Section>
            <Skeleton style={{ aspectRatio: '16 / 9' }} radius={0} />
          </Card.Section>
          <Skeleton height={16} width="60%" mt="md" />
          <Skeleton height={12} mt="sm" />
          <Skeleton height={12} width="80%" mt={6} />
          <Skeleton height={20} width={70} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
