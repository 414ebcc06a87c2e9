import { lazyPart } from '../../components/lazyPart.ts';

/**
 * The create/edit meeting form with its date picker, room and participant pickers: loaded when
 * first opened (or when the pointer or focus reaches a button that opens it), not with the
 * meetings list or the dashboard.
 */
export const MeetingFormModal = lazyPart(
  () => import('./MeetingFormModal.tsx'),
  'MeetingFormModal',
);
