import { notifications, notificationsStore } from '@mantine/notifications';
import { uploadMessages } from '@roomscale/shared';

const ID = 'uploads-completed';
/** Names finished while the toast has been on screen; it starts again once the toast is gone. */
let finished: string[] = [];

const onScreen = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((n) => n.id === ID);
};

/**
 * One 'Upload completed' toast for a batch of uploads: the first file's name, then a count that
 * grows as more finish. Twenty files make one toast, not twenty stacked over the page (the
 * uploads panel already lists each file).
 */
export function announceCompleted(name: string) {
  const showing = onScreen();
  if (!showing) finished = [];
  finished.push(name);
  const toast = {
    id: ID,
    color: 'teal',
    title: uploadMessages.completed,
    message: finished.length === 1 ? name : uploadMessages.completedMany(finished.length, name),
  };
  if (showing) notifications.update(toast);
  else notifications.show(toast);
}
