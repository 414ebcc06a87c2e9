import type { FileItem } from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import { call } from '../../../api/client.ts';

/**
 * Download info of a file: a short-lived signed address and its details. Here rather than beside
 * the notes' calls, so a download (the dashboard's tiles) loads no uploader with it.
 */
export const fetchDownload = (fileId: string, signal?: AbortSignal) =>
  call(filesApi.download, { params: { fileItemId: fileId }, signal });

/**
 * Downloads a file (part2 §7): asks for a signed address, then follows it with an
 * `<a download>`. The server's Content-Disposition names the file (extension appended when
 * missing), so the browser saves it rather than opening it. Rejects when the call fails (a video
 * still processing answers 409 with the spec's text).
 */
export async function downloadFile(file: Pick<FileItem, 'fileId'>): Promise<void> {
  const info = await fetchDownload(file.fileId);
  const a = document.createElement('a');
  a.href = info.blobUri;
  a.download = '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
