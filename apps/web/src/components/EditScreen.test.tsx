// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBrowser, signedOutBrowser } from '../test/harness.tsx';
import { renderRouter } from '../test/router.tsx';
import { EditScreen, SaveBar, useDeleteAndLeave, useUnsavedChangesGuard } from './EditScreen.tsx';

const texts = {
  back: 'Things',
  loading: 'Loading thing…',
  notFound: 'Thing not found',
  notFoundHint: 'It may have been deleted.',
  loadFailed: 'The thing could not be loaded',
  retry: 'Try again',
  unsavedTitle: 'Leave without saving?',
  unsavedText: 'Your changes are lost.',
  leave: 'Leave',
  stay: 'Stay',
  reset: 'Discard changes',
  save: 'Save',
};

type Thing = { id: string; name: string };

/** A record's form with a Delete that resolves `deleted`, and a link away from the screen. */
function ThingForm({ deleted }: { deleted: () => Promise<boolean> }) {
  const [dirty, setDirty] = useState(false);
  const del = useDeleteAndLeave(deleted, '/things');
  useUnsavedChangesGuard(() => dirty && !del.leaving(), texts);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Type
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      <SaveBar
        texts={texts}
        dirty={dirty}
        valid
        saving={false}
        onReset={() => setDirty(false)}
        remove={{ label: 'Delete thing', onClick: () => void del.remove(), pending: false }}
      />
    </>
  );
}

function ThingScreen({
  load,
  deleted,
}: {
  load: () => Promise<Thing>;
  deleted: () => Promise<boolean>;
}) {
  const query = useQuery({ queryKey: ['thing'], queryFn: load });
  return (
    <EditScreen
      query={query}
      texts={texts}
      backTo="/things"
      notFoundIcon={null}
      skeleton={{ fields: 2, aside: null, below: <p>More placeholders</p> }}
      head={(thing) => ({ title: thing.name, badges: <span>Badge</span>, under: <p>Under</p> })}
    >
      {() => <ThingForm deleted={deleted} />}
    </EditScreen>
  );
}

const open = (load: () => Promise<Thing>, deleted: () => Promise<boolean> = async () => true) =>
  renderRouter(
    [{ path: '/things/1', element: <ThingScreen load={load} deleted={deleted} /> }],
    '/things/1',
    { probe: true },
  );

const location = () => screen.findByTestId('location');

beforeEach(async () => {
  await signedOutBrowser();
});
afterEach(() => {
  resetBrowser();
});

describe('EditScreen', () => {
  it('shows the skeleton of its shape while loading, then the head over the screen', async () => {
    let resolve: (thing: Thing) => void = () => {};
    open(() => new Promise((r) => (resolve = r)));
    const skeleton = await screen.findByRole('status', { name: 'Loading thing…' });
    expect(skeleton).toHaveTextContent('More placeholders');

    resolve({ id: '1', name: 'Orbit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orbit' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Things' })).toHaveAttribute('href', '/things');
    expect(screen.getByText('Badge')).toBeVisible();
    expect(screen.getByText('Under')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading thing…' })).toBeNull();
  });

  it('deletes with unsaved changes and goes back to the list without asking', async () => {
    open(async () => ({ id: '1', name: 'Orbit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Type' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete thing' }));
    expect(await location()).toHaveTextContent('/things');
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('asks again about unsaved changes once a deletion is refused', async () => {
    open(
      async () => ({ id: '1', name: 'Orbit' }),
      async () => false,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Type' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete thing' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete thing' })).not.toBeDisabled(),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Leave without saving?')).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
