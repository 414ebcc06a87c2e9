// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { type FileItem, NoteColors, noteLimits } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
} from '../../../test/harness.tsx';
import { downloadFixture } from '../testing.tsx';
import { NoteEditorModal } from './NoteEditorModal.tsx';

const calls: string[] = [];
const uploads: { type: string; body: string }[] = [];

vi.mock('../upload/uploadBlob.ts', () => ({
  uploadBlob: vi.fn(async (_team: string, blob: Blob, contentType: string) => {
    calls.push(`upload ${contentType}`);
    uploads.push({ type: contentType, body: await blob.text() });
    return `https://storage.test/org/team/${uploads.length}`;
  }),
}));
// Canvas drawing does not run in happy-dom: the thumbnail is a fixed JPEG here.
vi.mock('./noteCanvas.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./noteCanvas.ts')>()),
  noteThumbnail: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
}));

const teamId = '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f';
const filesPath = `/api/Organizations/${teamId}/File`;

function noteFile(overrides: Partial<FileItem> = {}): FileItem {
  return {
    fileId: '11111111-1111-4111-8111-111111111111',
    organizationId: teamId,
    name: 'Buy milk',
    type: 'Note',
    scope: 'Organization',
    source: 'WebPlatform',
    parentFileId: null,
    parentFileName: null,
    parentFileType: null,
    childFileCount: 0,
    mimeType: 'application/json',
    contentLength: 40,
    blobUri: null,
    thumbnailBlobUri: null,
    thumbnailUri: null,
    properties: {},
    created: '2025-01-01T10:00:00.000Z',
    lastModified: null,
    createdBy: null,
    lastModifiedBy: null,
    createdByName: null,
    lastModifiedByName: null,
    fileExtension: 'json',
    ...overrides,
  };
}

function render(props: { file?: FileItem; onSaved?: (f: FileItem) => void; onClose?: () => void }) {
  return renderScreen(
    '/files',
    '/files',
    <ModalsProvider>
      <NoteEditorModal
        opened
        onClose={props.onClose ?? (() => {})}
        teamId={teamId}
        scope="User"
        parentFileId="22222222-2222-4222-8222-222222222222"
        file={props.file}
        onSaved={props.onSaved}
      />
    </ModalsProvider>,
  );
}

const textarea = () =>
  screen.getByRole('textbox', { name: 'Write your note' }) as HTMLTextAreaElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  calls.length = 0;
  uploads.length = 0;
});
afterEach(() => {
  resetBrowser();
});

describe('NoteEditorModal', () => {
  it('creates a note: uploads the JSON, then the thumbnail, then creates the file', async () => {
    const fetch = mockApi((method, url, body) => {
      if (method === 'PUT' && url.pathname === filesPath) {
        calls.push('create');
        return { body: noteFile({ name: (body as { name: string }).name }) };
      }
      return { status: 404 };
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render({ onSaved, onClose });

    expect(saveButton().disabled).toBe(true);
    fireEvent.change(textarea(), {
      target: { value: 'Buy milk\nand bread for the whole team today' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toEqual(['upload application/json', 'upload image/jpeg', 'create']);
    expect(JSON.parse(uploads[0]?.body ?? '')).toEqual({
      text: 'Buy milk\nand bread for the whole team today',
      backgroundColor: '#FA7470',
    });
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Buy milkand bread for the ...',
      type: 'Note',
      blobUri: 'https://storage.test/org/team/1',
      thumbnailBlobUri: 'https://storage.test/org/team/2',
      parentFileId: '22222222-2222-4222-8222-222222222222',
      scope: 'User',
      source: 'WebPlatform',
      properties: {},
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses text over 124 characters or 7 lines and keeps the previous text', () => {
    mockApi(() => ({ status: 404 }));
    render({});
    const full = 'x'.repeat(noteLimits.maxChars);
    fireEvent.change(textarea(), { target: { value: full } });
    expect(textarea().value).toBe(full);
    expect(screen.getByText(`124/124`)).toBeVisible();
    fireEvent.change(textarea(), { target: { value: `${full}y` } });
    expect(textarea().value).toBe(full);

    fireEvent.change(textarea(), { target: { value: '1\n2\n3\n4\n5\n6\n7' } });
    fireEvent.change(textarea(), { target: { value: '1\n2\n3\n4\n5\n6\n7\n8' } });
    expect(textarea().value).toBe('1\n2\n3\n4\n5\n6\n7');
  });

  it('refuses text that wraps past 7 lines, measured with the box collapsed', () => {
    mockApi(() => ({ status: 404 }));
    // Layout stand-in: 10 characters a line of 30 px; a textarea is never shorter than its box.
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        const content = Math.ceil(this.value.length / 10) * 30;
        return this.style.height === '0px' ? content : Math.max(content, 320);
      },
    });
    try {
      render({});
      fireEvent.change(textarea(), { target: { value: 'w'.repeat(70) } });
      expect(textarea().value).toBe('w'.repeat(70));
      fireEvent.change(textarea(), { target: { value: 'w'.repeat(71) } });
      expect(textarea().value).toBe('w'.repeat(70));
    } finally {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });

  it('blocks typing in a full note but lets navigation and shortcuts through', () => {
    mockApi(() => ({ status: 404 }));
    render({});
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(noteLimits.maxChars) } });
    textarea().setSelectionRange(124, 124);
    expect(fireEvent.keyDown(textarea(), { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(textarea(), { key: 'ArrowLeft' })).toBe(true);
    expect(fireEvent.keyDown(textarea(), { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(textarea(), { key: 'a', ctrlKey: true })).toBe(true);
  });

  it('pastes plain text only, cut to the characters left', () => {
    mockApi(() => ({ status: 404 }));
    render({});
    const start = 'y'.repeat(120);
    fireEvent.change(textarea(), { target: { value: start } });
    textarea().setSelectionRange(120, 120);
    const getData = vi.fn((type: string) => (type === 'text/plain' ? 'abcdefgh' : '<b>rich</b>'));
    const notPrevented = fireEvent.paste(textarea(), { clipboardData: { getData } });
    expect(notPrevented).toBe(false);
    expect(getData).toHaveBeenCalledWith('text/plain');
    expect(getData).not.toHaveBeenCalledWith('text/html');
    expect(textarea().value).toBe(`${start}abcd`);
  });

  it('edits a note: loads its content, enables Save only on a change, and PATCHes the file', async () => {
    const file = noteFile();
    const fetch = mockApi((method, url, body) => {
      if (method === 'GET' && url.pathname === `/api/File/${file.fileId}`) {
        return { body: downloadFixture(file, { blobUri: '/storage/note-1?sig=abc' }) };
      }
      if (method === 'GET' && url.pathname === '/storage/note-1') {
        return { body: { text: 'Buy milk', backgroundColor: NoteColors[1] } };
      }
      if (method === 'PATCH' && url.pathname === `${filesPath}/${file.fileId}`) {
        calls.push('update');
        return { body: { ...file, ...(body as object) } };
      }
      return { status: 404 };
    });
    const onSaved = vi.fn();
    render({ file, onSaved });

    await waitFor(() => expect(textarea().value).toBe('Buy milk'));
    expect((screen.getByRole('radio', { name: 'Green' }) as HTMLInputElement).checked).toBe(true);
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: '' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'Buy oat milk' } });
    fireEvent.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toEqual(['upload application/json', 'upload image/jpeg', 'update']);
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      name: 'Buy oat milk',
      blobUri: 'https://storage.test/org/team/1',
      thumbnailBlobUri: 'https://storage.test/org/team/2',
    });
  });

  it('keeps the text and shows the server message when saving fails', async () => {
    mockApi((method) => {
      if (method === 'PUT') {
        return {
          status: 400,
          body: {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'The folder does not exist.',
          },
        };
      }
      return { status: 404 };
    });
    const onClose = vi.fn();
    render({ onClose });
    fireEvent.change(textarea(), { target: { value: 'Remember the keys' } });
    fireEvent.click(saveButton());

    expect(await screen.findByText('The folder does not exist.')).toBeVisible();
    expect(textarea().value).toBe('Remember the keys');
    expect(saveButton().disabled).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
