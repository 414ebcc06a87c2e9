import {
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { insightTexts } from '@roomscale/shared';
import { IconTable } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { lazyPart } from '../../components/lazyPart.ts';
import type { ChartSeries } from './WeekChart.tsx';

const WeekChart = lazyPart(() => import('./WeekChart.tsx'), 'WeekChart');
const t = insightTexts;
const numbers = new Intl.NumberFormat('en');

export type Column = ChartSeries & {
  /** The table's text of a row's value; numbers as they are by default. */
  format?: (value: number) => string;
};

/**
 * A chart of the usage screens with its numbers as a table: the chart is for the eye (hidden from
 * screen readers), the table with its caption carries the same numbers for everyone; it is
 * visually hidden until 'Show the numbers' shows it.
 */
export function ChartCard({
  title,
  intro,
  period,
  rows,
  columns,
  kind,
  unit,
  valueFormatter,
}: {
  title: string;
  intro?: string;
  /** The period in words, under the title and in the table's caption. */
  period: string;
  rows: { week: string; values: Record<string, number> }[];
  columns: Column[];
  kind?: 'bar' | 'line';
  unit?: string;
  /** The chart's text of a value (axis, tooltip); the table's is each column's `format`. */
  valueFormatter?: (value: number) => string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const data = rows.map((r) => ({ week: r.week, ...r.values }));
  const table = (
    <Table striped withTableBorder fz="sm" id={`${id}-table`}>
      <Table.Caption>{`${title}: ${period}`}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t.week}</Table.Th>
          {columns.map((c) => (
            <Table.Th scope="col" key={c.name} ta="right">
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.week}>
            <Table.Th scope="row" fw={500}>
              {r.week}
            </Table.Th>
            {columns.map((c) => {
              const v = r.values[c.name] ?? 0;
              return (
                <Table.Td key={c.name} ta="right">
                  {c.format ? c.format(v) : numbers.format(v)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconTable size={16} aria-hidden />}
            aria-expanded={shown}
            aria-controls={`${id}-table`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t.hideTable : t.showTable}
          </Button>
        </Group>
        <Suspense fallback={<Skeleton h={220} />}>
          <WeekChart
            data={data}
            series={columns}
            kind={kind}
            unit={unit}
            valueFormatter={valueFormatter}
          />
        </Suspense>
        {shown ? (
          <Table.ScrollContainer minWidth={320}>{table}</Table.ScrollContainer>
        ) : (
          <VisuallyHidden>{table}</VisuallyHidden>
        )}
      </Stack>
    </Card>
  );
}
