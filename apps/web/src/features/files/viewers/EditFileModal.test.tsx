// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import type { FileItem } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
} from '../../../test/harness.tsx';
import { EditFileModal } from './EditFileModal.tsx';
import { fileFixture, problem, teamId } from './testing.ts';

function render(file: FileItem, onSaved = vi.fn(), onClose = vi.fn()) {
  renderScreen(
    '/files',
    '/files',
    <ModalsProvider>
      <EditFileModal file={file} teamId={teamId} onClose={onClose} onSaved={onSaved} />
    </ModalsProvider>,
  );
  return { onSaved, onClose };
}

const nameInput = () => screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
const descriptionInput = () =>
  screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
const projectionInput = () =>
  screen.getByLabelText('Projection', { selector: 'input' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
});
afterEach(() => {
  resetBrowser();
});

describe('EditFileModal', () => {
  it('saves name, description and projection, keeping the other properties', async () => {
    const file = fileFixture({
      type: 'Video',
      name: 'Tour.mp4',
      properties: { Duration: 61, TranscodingStatus: 100, Description: 'Old' },
    });
    const fetch = mockApi((method, url, body) =>
      method === 'PATCH' && url.pathname === `/api/Organizations/${teamId}/File/${file.fileId}`
        ? { body: { ...file, ...(body as object) } }
        : { status: 404 },
    );
    const { onSaved, onClose } = render(file);
    expect(nameInput().value).toBe('Tour.mp4');
    expect(descriptionInput().value).toBe('Old');
    expect(projectionInput().value).toBe('None');

    fireEvent.change(nameInput(), { target: { value: 'Office tour.mp4' } });
    fireEvent.change(descriptionInput(), { target: { value: 'Walk through the office' } });
    fireEvent.click(projectionInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Equirectangular 180°' }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      name: 'Office tour.mp4',
      properties: {
        Duration: 61,
        TranscodingStatus: 100,
        Description: 'Walk through the office',
        ProjectionMode: '20',
      },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no projection for other types and requires a name', async () => {
    const file = fileFixture({ type: 'Document', name: 'Plan.pdf' });
    const fetch = mockApi(() => ({ status: 404 }));
    render(file);
    expect(screen.queryByLabelText('Projection', { selector: 'input' })).toBeNull();
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(await screen.findByText('This field is required')).toBeVisible();
    fireEvent.click(saveButton());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('shows the server message and keeps what was typed when the save fails', async () => {
    const file = fileFixture({ type: 'Image', name: 'Holiday.png' });
    mockApi(() => problem(400, 'Files can only be placed in a folder.'));
    const { onSaved, onClose } = render(file);
    fireEvent.change(nameInput(), { target: { value: 'Beach.png' } });
    fireEvent.change(descriptionInput(), { target: { value: 'Sunny day' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Files can only be placed in a folder.')).toBeVisible();
    expect(nameInput().value).toBe('Beach.png');
    expect(descriptionInput().value).toBe('Sunny day');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a server name error under the field', async () => {
    const file = fileFixture({ type: 'Image', name: 'Holiday.png' });
    mockApi(() => ({
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Validation failed',
        errors: { name: ['Must be at most 255 characters'] },
      },
    }));
    render(file);
    fireEvent.change(nameInput(), { target: { value: 'Beach.png' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Must be at most 255 characters')).toBeVisible();
    expect(nameInput().value).toBe('Beach.png');
  });
});
