// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListParams, pageOf, useListParams, usePageInRange } from './useListParams.ts';

const DEBOUNCE_MS = 30;

type Seen = { current: ListParams | null };

function Probe({ seen, pageCount }: { seen: Seen; pageCount: number | undefined }) {
  const params = useListParams({ debounceMs: DEBOUNCE_MS });
  usePageInRange(params, pageCount);
  seen.current = params;
  return null;
}

/** Mounts a list screen's parameters at `entries` (the last one current), as a reload would. */
function mount(entries: string[], pageCount?: number) {
  const seen: Seen = { current: null };
  const router = createMemoryRouter(
    [
      { path: '/list', element: <Probe seen={seen} pageCount={pageCount} /> },
      { path: '*', element: null },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const view = render(<RouterProvider router={router} />);
  const params = () => {
    if (!seen.current) throw new Error('not mounted');
    return seen.current;
  };
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, params, address, unmount: view.unmount };
}

afterEach(cleanup);

describe('useListParams', () => {
  it('reads search, page and filters from the address, and a reload shows the same list', () => {
    const first = mount(['/list?search=ada&page=3&show=all']);
    expect(first.params()).toMatchObject({ search: 'ada', input: 'ada', page: 3 });
    expect(first.params().filter('show')).toBe('all');
    const url = first.address();
    first.unmount();

    const reloaded = mount([url]);
    expect(reloaded.params()).toMatchObject({ search: 'ada', input: 'ada', page: 3 });
    expect(reloaded.params().filter('show')).toBe('all');
  });

  it('searches once typing settles, back at page 1, replacing the history entry', async () => {
    const { router, params, address } = mount(['/home', '/list?page=4&show=all']);
    act(() => params().setInput('a'));
    act(() => params().setInput('ad'));
    act(() => params().setInput(' ada '));
    // The box follows every key; the address only the settled text.
    expect(params().input).toBe(' ada ');
    expect(params().search).toBe('');
    // The router's address changes before React renders the list with it: wait for both.
    await waitFor(() => {
      expect(address()).toBe('/list?show=all&search=ada');
      expect(params()).toMatchObject({ search: 'ada', page: 1 });
    });
    expect(router.state.historyAction).toBe('REPLACE');

    // No entry per search: Back leaves the list.
    await act(() => router.navigate(-1));
    expect(address()).toBe('/home');
  });

  it('adds a history entry per page, and Back returns to the page and search before', async () => {
    const { router, params, address } = mount(['/list?search=ada']);
    act(() => params().setPage(2));
    expect(address()).toBe('/list?search=ada&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => params().setPage(1));
    expect(address()).toBe('/list?search=ada');

    await act(() => router.navigate(-1));
    expect(params()).toMatchObject({ page: 2, search: 'ada' });
  });

  it('starts a new filter at page 1 and removes a filter set to null', () => {
    const { params, address } = mount(['/list?page=3']);
    act(() => params().setFilters({ sharing: 'Team,Private', type: 'All' }));
    expect(address()).toBe('/list?sharing=Team%2CPrivate&type=All');
    act(() => params().setPage(2));
    act(() => params().setFilters({ sharing: null }));
    expect(address()).toBe('/list?type=All');
    expect(params().page).toBe(1);
  });

  it('shows the search of an address it is sent to, and clears at once', async () => {
    const { router, params, address } = mount(['/list?search=ada']);
    await act(() => router.navigate('/list?search=zed&page=2'));
    expect(params()).toMatchObject({ input: 'zed', search: 'zed', page: 2 });
    act(() => params().clear());
    expect(params().input).toBe('');
    expect(address()).toBe('/list');
  });

  it('moves a page past the end to the last page in place of the entry', async () => {
    const { router, address } = mount(['/home', '/list?page=7'], 3);
    await waitFor(() => expect(address()).toBe('/list?page=3'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps an empty list on page 1', async () => {
    const { address } = mount(['/list?search=x&page=2'], 0);
    await waitFor(() => expect(address()).toBe('/list?search=x'));
  });
});

describe('pageOf', () => {
  it('reads a whole page of 1 or more, else 1', () => {
    expect(pageOf('3')).toBe(3);
    expect(pageOf('2.7')).toBe(2);
    expect(pageOf(null)).toBe(1);
    expect(pageOf('0')).toBe(1);
    expect(pageOf('-4')).toBe(1);
    expect(pageOf('abc')).toBe(1);
    expect(pageOf('Infinity')).toBe(1);
  });
});
