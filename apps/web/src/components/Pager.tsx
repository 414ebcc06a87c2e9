import { Group, Pagination } from '@mantine/core';
import { limits, pagerTexts } from '@roomscale/shared';
import { pageWindow } from './pageWindow.ts';

type Props = {
  page: number;
  total: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** Page links shown at most (part1 §9: 10). */
  maxLinks?: number;
};

/**
 * Page links with first/previous/next/last ("boundary links"), at most `maxLinks` numbers, shown
 * only when there is more than one page (part1 §9).
 */
export function Pager({
  page,
  total,
  onChange,
  label,
  maxLinks = limits.paginationMaxLinks,
}: Props) {
  if (total <= 1) return null;
  return (
    <Pagination.Root total={total} value={page} onChange={onChange} aria-label={label}>
      <nav aria-label={label}>
        <Group gap={6} justify="center" wrap="wrap">
          <Pagination.First aria-label={pagerTexts.first} />
          <Pagination.Previous aria-label={pagerTexts.previous} />
          {pageWindow(page, total, maxLinks).map((n) => (
            <Pagination.Control
              key={n}
              active={n === page}
              aria-current={n === page ? 'page' : undefined}
              aria-label={pagerTexts.page(n)}
              onClick={() => onChange(n)}
            >
              {n}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label={pagerTexts.next} />
          <Pagination.Last aria-label={pagerTexts.last} />
        </Group>
      </nav>
    </Pagination.Root>
  );
}
