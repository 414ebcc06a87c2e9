import { notifications } from '@mantine/notifications';
import { launchPaths, meetingMessages } from '@roomscale/shared';

/** The absolute address of a meeting's launch page, as it is shared with people. */
export const launchLink = (code: string) =>
  new URL(launchPaths.meeting(code), window.location.origin).toString();

async function copy(text: string, title: string, message: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({ title, message, color: 'teal', autoClose: 2500 });
  } catch {
    // No clipboard (an insecure context or a refused permission): show the text to copy by hand.
    notifications.show({ title, message: text, color: 'gray', autoClose: 8000 });
  }
}

/** Copies a meeting code: toast 'Copied', titled 'Meeting code' (part2 §8). */
export const copyMeetingCode = (code: string) =>
  copy(code, meetingMessages.codeCopiedTitle, meetingMessages.codeCopied);

/** Copies the launch link: toast 'Copied link to launch screen', titled 'Meeting link'. */
export const copyLaunchLink = (code: string) =>
  copy(launchLink(code), meetingMessages.linkCopiedTitle, meetingMessages.linkCopied);
