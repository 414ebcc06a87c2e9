#!/usr/bin/env node
/**
 * Import circles in the source trees: `node scripts/circles.mjs [--runtime] [dir...]` (default
 * apps/web/src and apps/server/src) walks every .ts/.tsx file's relative imports, static, dynamic
 * (`import()`) and type-only (`import type`, `export type`), and prints each circle it finds, one
 * per line, exit 1 when there is any. A circle through a lazy `import()` is still one: the module
 * at its start cannot load without the module at its end, which imports it back. A type-only
 * circle is gone once compiled, but it still ties the two modules together for whoever reads or
 * changes them: the type belongs in a module below both (db/types.ts, simulator/types.ts).
 * `--runtime` leaves type-only imports out.
 *
 * Circles are found the way madge finds them: a depth-first walk reports the path of every edge
 * that leads back into the walk, so each circle is printed once, from where the walk entered it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const sourceFile = /\.(ts|tsx)$/;
const declarationFile = /\.d\.ts$/;

/** Every source file under `dir`, node_modules and build output left out. */
function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (sourceFile.test(entry.name) && !declarationFile.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * The specifiers `file` imports: `{ specifier, step }` for each, `step` 'static', 'lazy'
 * (`import()`) or 'type' (type-only); without `types`, the type-only imports are left out.
 */
export function importsOf(file, { types = true } = {}, text = readFileSync(file, 'utf8')) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.isTypeOnly ?? false;
      if (types || !typeOnly) {
        found.push({ specifier: node.moduleSpecifier.text, step: typeOnly ? 'type' : 'static' });
      }
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (types || !node.isTypeOnly) {
        found.push({
          specifier: node.moduleSpecifier.text,
          step: node.isTypeOnly ? 'type' : 'static',
        });
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, step: 'lazy' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (with or without its extension, or a folder's index). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.jsx?$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return (
    candidates.find((c) => sourceFile.test(c) && existsSync(c) && statSync(c).isFile()) ?? null
  );
}

/** The import graph of the files under `dirs`: file → [{ to, step }]. */
export function importGraph(dirs, options = {}) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of listFiles(path.resolve(dir))) {
      const edges = [];
      for (const { specifier, step } of importsOf(file, options)) {
        const to = resolve(file, specifier);
        if (to) edges.push({ to, step });
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/**
 * Every circle of `graph`, each `{ files, kind }`: 'type' when a step is a type-only import,
 * else 'lazy' when a step is an `import()`, else 'runtime'.
 * Files are walked in name order, so the same tree always prints the same circles.
 */
export function findCycles(graph) {
  const cycles = [];
  const done = new Set();
  const onPath = new Map(); // file → its index in `trail`
  const trail = [];
  const steps = []; // steps[i]: the kind of step from trail[i] to trail[i + 1]

  const walk = (file) => {
    onPath.set(file, trail.length);
    trail.push(file);
    const edges = [...(graph.get(file) ?? [])].sort((a, b) => a.to.localeCompare(b.to));
    for (const { to, step } of edges) {
      if (onPath.has(to)) {
        const start = onPath.get(to);
        const kinds = [...steps.slice(start), step];
        const kind = kinds.includes('type') ? 'type' : kinds.includes('lazy') ? 'lazy' : 'runtime';
        cycles.push({ files: [...trail.slice(start), to], kind });
      } else if (!done.has(to) && graph.has(to)) {
        steps.push(step);
        walk(to);
        steps.pop();
      }
    }
    trail.pop();
    onPath.delete(file);
    done.add(file);
  };

  for (const file of [...graph.keys()].sort()) if (!done.has(file)) walk(file);
  return cycles;
}

/** The circles under `dirs`, with paths relative to `root` (`options.types`: see importsOf). */
export function circlesIn(dirs, options = {}, root = process.cwd()) {
  return findCycles(importGraph(dirs, options)).map(({ files, kind }) => ({
    files: files.map((f) => path.relative(root, f)),
    kind,
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const types = !args.includes('--runtime');
  const dirs = args.filter((a) => a !== '--runtime');
  const cycles = circlesIn(dirs.length > 0 ? dirs : ['apps/web/src', 'apps/server/src'], { types });
  for (const { files, kind } of cycles) console.log(`${kind.padEnd(7)} ${files.join(' → ')}`);
  console.log(cycles.length === 0 ? 'No import circle.' : `${cycles.length} import circle(s).`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
