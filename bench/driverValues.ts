/**
 * `npx tsx bench/driverValues.ts`: what the node-postgres driver costs node per value it reads
 * (docs/performance.md "What a value costs"): a page of 24 rows of 25 columns, as rows (each
 * value a field the driver reads and parses) and as one JSON text the statement writes and node
 * parses once, beside `select 1` (the round trip alone), for text and for timestamp columns.
 * Node's CPU per statement from `process.cpuUsage`, on one connection to BENCH_PG_URL.
 */
import pg from 'pg';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COLUMNS = 25;
const ROWS = 24;
const RUNS = 3000;

const client = new pg.Client({ connectionString: PG });
await client.connect();
try {
  for (const kind of ['text', 'timestamptz'] as const) {
    const values = Array.from({ length: COLUMNS }, (_, i) =>
      kind === 'text'
        ? `'value number ' || g || '-${i}'`
        : `now() - (g * ${i} || ' minutes')::interval`,
    );
    const shapes: [string, string, (rows: unknown[][]) => unknown][] = [
      ['rows', `select ${values.join(', ')} from generate_series(1, ${ROWS}) g`, (rows) => rows],
      [
        'one JSON text',
        `select (select json_agg(json_build_array(${values.join(', ')}))
          from generate_series(1, ${ROWS}) g)::text`,
        (rows) => JSON.parse(rows[0]![0] as string),
      ],
      ['select 1', 'select 1', (rows) => rows],
    ];
    for (const [label, text, read] of shapes) {
      const run = async () =>
        read(
          (await client.query<unknown[]>({ name: `${kind} ${label}`, text, rowMode: 'array' }))
            .rows,
        );
      for (let i = 0; i < 300; i++) await run();
      const before = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) await run();
      const used = process.cpuUsage(before);
      const ms = (used.user + used.system) / RUNS / 1000;
      console.log(`${kind.padEnd(11)} ${label.padEnd(13)} node ${ms.toFixed(3)} ms a statement`);
    }
  }
} finally {
  await client.end();
}
