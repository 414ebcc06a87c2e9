// `npm start`: builds whatever is missing or out of date, then runs the server in this process.
// `node scripts/start.mjs --build-only` only builds (the browser journeys use it).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = join(root, 'packages/shared/src');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((dir) => existsSync(dir) && newest(dir) > built);
}

const targets = [
  {
    name: 'web',
    output: join(root, 'apps/web/dist/index.html'),
    inputs: [join(root, 'apps/web/src'), join(root, 'apps/web/public'), shared],
  },
  {
    name: 'server',
    output: join(root, 'apps/server/dist/main.js'),
    inputs: [join(root, 'apps/server/src'), join(root, 'apps/server/drizzle'), shared],
  },
];
for (const t of targets) {
  if (stale(t.output, t.inputs)) {
    console.log(`Building the ${t.name}...`);
    execSync(`npm run build -w @roomscale/${t.name}`, { cwd: root, stdio: 'inherit' });
  }
}
if (!process.argv.includes('--build-only')) await import(join(root, 'apps/server/dist/main.js'));
