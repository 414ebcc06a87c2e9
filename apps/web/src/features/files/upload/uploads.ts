import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { showError } from '../../../components/dialogs.tsx';
import { queryClient } from '../../../session/queryClient.ts';
import { session } from '../../../session/session.ts';
import { fileKeys } from '../api.ts';
import { makeThumbnail } from '../thumbnails/makeThumbnail.ts';
import { announceCompleted } from './completedToast.ts';
import { sweepResumeMetadata } from './resumable.ts';
import { uploadBlob } from './uploadBlob.ts';
import { createFileItem, UploadQueue, type UploadTarget } from './uploadQueue.ts';

/** The app's one upload queue, wired to the API, the query cache, toasts and the error modal. */

let client: QueryClient = queryClient;

/** The panel binds the query client it renders under (the app's, or a test's). */
export function bindQueryClient(c: QueryClient) {
  client = c;
}

/** Every library and recent list of the team reloads. */
export function refreshTeamFiles(c: QueryClient, teamId: string) {
  void c.invalidateQueries({ queryKey: fileKeys.all(teamId) });
  void c.invalidateQueries({ queryKey: fileKeys.recentAll(teamId) });
}

export const uploadQueue = new UploadQueue({
  uploadBlob,
  makeThumbnail,
  createFile: createFileItem,
  refresh: (teamId) => refreshTeamFiles(client, teamId),
  completed: (file) => announceCompleted(file.name),
  failed: (message) => void showError(message),
  duplicate: (message) => notifications.show({ color: 'yellow', message }),
  window: typeof window === 'undefined' ? undefined : window,
});

if (typeof window !== 'undefined') sweepResumeMetadata();

// Logging out (or another user signing in) ends this user's uploads: their calls would fail
// without the session, and the next person must not inherit them.
let uploadingUser = session.get().user?.id ?? null;
session.subscribe(() => {
  const user = session.get().user?.id ?? null;
  if (user !== uploadingUser) uploadQueue.cancelAll();
  uploadingUser = user;
});

/** Queues picked files for upload into `target` (a folder, or the top of a scope). */
export function enqueueUploads(files: File[], target: UploadTarget): void {
  uploadQueue.enqueue(files, target);
}
