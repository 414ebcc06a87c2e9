// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { ListScreen, type ListTexts, TableSkeleton } from './ListScreen.tsx';
import { useListParams } from './useListParams.ts';

const texts: ListTexts = {
  title: 'Things',
  intro: 'Every thing.',
  search: 'Search things',
  searchPlaceholder: 'Search by name',
  clearSearch: 'Clear search',
  empty: 'No things yet',
  emptyHint: 'Add the first one.',
  noMatch: 'No things found',
  noMatchHint: (s) => `Nothing matches '${s}'.`,
  loadFailed: 'The things could not be loaded.',
  retry: 'Try again',
  pagination: 'Thing pages',
};

type Page = { results: string[]; pageCount: number; entryCount: number };
type Load = (search: string, page: number) => Promise<Page>;

function Things({ load }: { load: Load }) {
  const params = useListParams({ debounceMs: 20 });
  const query = useQuery({
    queryKey: ['things', params.search, params.page],
    queryFn: () => load(params.search, params.page),
  });
  const location = useLocation();
  return (
    <>
      <ListScreen
        texts={texts}
        add={{ label: 'Add thing', onClick: () => {} }}
        params={params}
        query={query}
        count={(d) => `${d.entryCount} things`}
        emptyIcon={null}
        skeleton={<TableSkeleton rows={3} />}
      >
        {(data) => (
          <ul aria-label="Things">
            {data.results.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </ListScreen>
      <output data-testid="location">{location.search}</output>
    </>
  );
}

function show(load: Load, url = '/things') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Things load={load} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const page = (results: string[], pageCount = 1): Page => ({
  results,
  pageCount,
  entryCount: results.length,
});

afterEach(cleanup);

describe('ListScreen', () => {
  it('shows the header and a skeleton, then the results with their count', async () => {
    let arrive!: (p: Page) => void;
    show(() => new Promise<Page>((r) => (arrive = r)));
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    arrive(page(['alpha', 'beta']));
    const list = await screen.findByRole('list', { name: 'Things' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['alpha', 'beta']);
    expect(screen.getByText('2 things')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Thing pages' })).toBeNull();
  });

  it('says why a load failed and tries again', async () => {
    const load = vi
      .fn<Load>()
      .mockRejectedValueOnce(new ApiError(500, null))
      .mockResolvedValue(page(['alpha']));
    show(load);
    expect(await screen.findByText('The things could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('alpha')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells an empty list from a search without matches', async () => {
    show(async () => page([]));
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first one.')).toBeInTheDocument();
    cleanup();

    show(async () => page([]), '/things?search=zz');
    expect(await screen.findByText('No things found')).toBeInTheDocument();
    expect(screen.getByText("Nothing matches 'zz'.")).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('zz');
  });

  it('pages through the address and searches from page 1', async () => {
    const load = vi.fn<Load>(async (search, p) => page([`${search || 'all'} ${p}`], 3));
    show(load, '/things?page=2');
    expect(await screen.findByText('all 2')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Thing pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('all 3')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?page=3');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), {
      target: { value: 'ab' },
    });
    expect(await screen.findByText('ab 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?search=ab');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('all 1')).toBeInTheDocument();
  });

  it('moves a page past the end to the last page', async () => {
    show(async (_, p) => page([`item ${p}`], 2), '/things?page=9');
    expect(await screen.findByText('item 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
  });
});
