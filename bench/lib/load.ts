import autocannon from 'autocannon';
import { TOKEN_SCOPE } from '../../packages/shared/src/index.ts';
import { type CpuPerRequest, withCpu } from './cpu.ts';
import { passwordTokens } from './server.ts';

/** The bench user, whom the server creates as its super admin (ADMIN_EMAIL). */
export const EMAIL = 'bench@roomscale.local';
export const PASSWORD = 'bench-password-1';
/** Each measurement's length (BENCH_SECONDS, default 10). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** A measurement: throughput, latency, and where its server is metered the CPU per request. */
export type Figure = { rps: number; p99: number; p50: number; errors: number; cpu?: CpuPerRequest };

export async function load(
  url: string,
  token: string,
  connections: number,
  init: RequestInit = {},
): Promise<Figure> {
  const { result: r, cpu } = await withCpu(url, async () => {
    const result = await autocannon({
      url,
      connections,
      duration: SECONDS,
      method: (init.method ?? 'GET') as 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body as string | undefined,
    });
    return { result, requests: result.requests.total };
  });
  const bad = r.errors + r.non2xx + r.timeouts;
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: bad, cpu };
}

/** Rounds of a comparison: each side warmed up once, then measured in turns. */
export const ROUNDS = 3;

/**
 * Figures measured in turns, `ROUNDS` times each, after a round of each that counts for
 * nothing (the JIT compiles both servers' hot code on it). On a machine whose speed drifts (a
 * shared virtual machine), turns expose both sides to the same drift. Each side's figure is the
 * mean throughput and the median p99 of its rounds.
 */
export async function alternate<T extends (() => Promise<Figure>)[]>(
  ...sides: T
): Promise<{ [K in keyof T]: Figure }> {
  for (const side of sides) await side();
  const runs: Figure[][] = sides.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, side] of sides.entries()) runs[k]!.push(await side());
  }
  return runs.map(combined) as { [K in keyof T]: Figure };
}

function combined(figures: Figure[]): Figure {
  const mean = (pick: (f: Figure) => number) =>
    figures.reduce((sum, f) => sum + pick(f), 0) / figures.length;
  const median = (pick: (f: Figure) => number) =>
    figures.map(pick).sort((x, y) => x - y)[Math.floor(figures.length / 2)] ?? 0;
  const metered = figures.every((f) => f.cpu);
  return {
    rps: mean((f) => f.rps),
    p99: median((f) => f.p99),
    p50: median((f) => f.p50),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
    // The median round's CPU per request: one round the machine's other work lands on moves it.
    cpu: metered ? { node: median((f) => f.cpu!.node), pg: median((f) => f.cpu!.pg) } : undefined,
  };
}

export async function json<T>(
  origin: string,
  path: string,
  init: RequestInit & { token?: string },
) {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Tokens = { access_token: string; refresh_token: string; expires_in: number };

/**
 * The bench user signed in (`tokens`; `token` is the access token), with their id and a team of
 * theirs for each of `teamNames`.
 */
export async function benchUser(origin: string, teamNames: string[]) {
  const tokens = await passwordTokens<Tokens>(origin, EMAIL, PASSWORD, TOKEN_SCOPE);
  const token = tokens.access_token;
  const me = await json<{ id: string }>(origin, '/api/Users/Me', { token });
  const teams: string[] = [];
  for (const name of teamNames) {
    const team = await json<{ id: string }>(origin, '/api/Organizations/Register', {
      method: 'PUT',
      token,
      body: JSON.stringify({ name, companyName: 'Bench', industry: 'Technology' }),
    });
    teams.push(team.id);
  }
  return { tokens, token, me, teams };
}

export function row(
  name: string,
  a: Figure,
  b: Figure,
  labels: [string, string],
  goal: string,
  ok: boolean,
) {
  const fmt = (f: Figure) =>
    `${f.rps.toFixed(0).padStart(6)} req/s p99 ${String(f.p99).padStart(5)} ms`;
  console.log(`${name}`);
  console.log(`  ${labels[0].padEnd(22)} ${fmt(a)}${a.errors ? ` (${a.errors} errors)` : ''}`);
  console.log(`  ${labels[1].padEnd(22)} ${fmt(b)}${b.errors ? ` (${b.errors} errors)` : ''}`);
  console.log(
    `  throughput ${(b.rps / a.rps).toFixed(2)}×, p99 ${(b.p99 / Math.max(a.p99, 1)).toFixed(2)}× — goal ${goal}: ${ok ? 'met' : 'NOT MET'}`,
  );
}

/** The team files' root, as the files screen asks for it (folders first, by name). */
export const filesRootBody = {
  parentFileId: null,
  hierarchical: true,
  sortBy: 'NameAscending',
  scopes: ['Organization'],
  pagination: { page: 1, pageSize: 18 },
};

/** The dashboard's recent files: every file of the team, newest first, no folders. */
export const recentFilesBody = {
  parentFileId: null,
  hierarchical: false,
  excludedFileTypes: ['Folder'],
  scopes: ['Organization', 'User'],
  sortBy: 'CreatedDescending',
  pagination: { page: 1, pageSize: 6 },
};

/** A team's file list under load, 20 connections. */
export const filesList = (origin: string, token: string, teamId: string, body: object) =>
  load(`${origin}/api/Organizations/${teamId}/File`, token, 20, {
    method: 'POST',
    body: JSON.stringify(body),
  });
