import { ActionIcon, Center, Loader, Modal, Tooltip } from '@mantine/core';
import { insightTexts } from '@roomscale/shared';
import { IconUserCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyPart, preloadOn } from '../../components/lazyPart.ts';

const AttendancePanel = lazyPart(() => import('./AttendancePanel.tsx'), 'AttendancePanel');
const t = insightTexts.attendance;

/**
 * The entry point to a started meeting's attendance (the meeting card's toolbar): a button
 * opening the attendance in a dialog, its code loaded on first hover, focus or click.
 */
export function AttendanceButton({
  teamId,
  meetingId,
  meetingName,
}: {
  teamId: string;
  meetingId: string;
  meetingName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t.open} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t.open}
          onClick={() => setOpen(true)}
          {...preloadOn(AttendancePanel.preload)}
        >
          <IconUserCheck size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t.title(meetingName)}
        size="xl"
        closeButtonProps={{ 'aria-label': t.close }}
      >
        {open && (
          <Suspense
            fallback={
              <Center mih={160}>
                <Loader aria-label={t.loading} />
              </Center>
            }
          >
            <AttendancePanel teamId={teamId} meetingId={meetingId} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
