import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web app's import graph has no circle, runtime, through a lazy `import()` or type-only: the
 * session kernel imports no screen, and a feature's modules do not import each other round
 * (issue 28). `npm run check:circles` prints the circles of the web and the server alike.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const circles = (...dirs: string[]) =>
  spawnSync(process.execPath, ['scripts/circles.mjs', ...dirs], { cwd: root, encoding: 'utf8' });

describe('import circles', () => {
  it('finds none in apps/web/src', () => {
    const run = circles('apps/web/src');
    expect(run.stdout).toBe('No import circle.\n');
    expect(run.status).toBe(0);
  });

  describe('the check itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    };

    it('reports a circle through a lazy import, one through an index and a type-only one, and fails', () => {
      write('kernel.ts', "export const load = () => import('./screen.tsx');\n");
      write('screen.tsx', "import { load } from './kernel.ts';\nexport const s = load;\n");
      write('a.ts', "export { b } from './parts';\nexport const a = 1;\n");
      write('parts/index.ts', "import { a } from '../a';\nexport const b = a;\n");
      write('types.ts', "import type { t } from './uses.ts';\nexport type T = typeof t;\n");
      write('uses.ts', "import type { T } from './types.ts';\nexport const t: T | 1 = 1;\n");
      const run = circles(dir);
      expect(run.status).toBe(1);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^runtime .*a\.ts → .*parts\/index\.ts → .*a\.ts$/);
      expect(lines[1]).toMatch(/^lazy {4}.*kernel\.ts → .*screen\.tsx → .*kernel\.ts$/);
      expect(lines[2]).toMatch(/^type {4}.*types\.ts → .*uses\.ts → .*types\.ts$/);
      expect(lines[3]).toBe('3 import circle(s).');
      // Type-only imports are gone once compiled: --runtime leaves them out.
      const runtime = circles('--runtime', dir).stdout.trim().split('\n');
      expect(runtime).toHaveLength(3);
      expect(runtime[2]).toBe('2 import circle(s).');
    });
  });
});
