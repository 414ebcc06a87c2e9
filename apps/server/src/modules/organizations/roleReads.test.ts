import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every rule about a member's role — an active member (role not None), an admin — is decided in
 * the policy modules, over `activeMembership()`/`adminMembership()` and their SQL forms
 * (`organizations/membership.ts`). A handler or service that reads `memberships.role` itself, or
 * compares a role in SQL by hand, writes a second copy of a rule: this scan refuses it.
 */
const serverSrc = join(import.meta.dirname, '../..');

/** The files allowed to read the role column: the policy modules and the schema. */
const allowed = new Set([
  'db/schema.ts',
  'modules/organizations/membership.ts',
  'modules/organizations/policy.ts',
  'modules/teamUsers/policy.ts',
  'modules/licenses/policy.ts',
  'modules/meetings/policy.ts',
  'modules/rooms/policy.ts',
  'modules/files/policy.ts',
  'modules/profileImages/policy.ts',
]);

const roleReads = [
  // The drizzle column, in a query builder or inside an sql`` template.
  /\bmemberships\.role\b/,
  // A role compared in SQL by hand: `m.role <> 'None'`, `${memberships.role} = 'Admin'`.
  /\brole"?\}?\s*(?:<>|!=|=)\s*'(?:None|User|Admin)'/,
  // A role column compared with drizzle's operators: `ne(theirs.role, 'None')`.
  /\.role,\s*'(?:None|User|Admin)'/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `file:line: text` of every line outside the allowed files that reads a role. */
function readsOutsidePolicies(): string[] {
  return sourceFiles(serverSrc).flatMap((path) => {
    const file = relative(serverSrc, path);
    if (allowed.has(file) || file.startsWith('test/')) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        roleReads.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      );
  });
}

describe('the role of a membership', () => {
  it('is read only by the policy modules', () => {
    expect(readsOutsidePolicies()).toEqual([]);
  });

  it('scans the files the rules are used in', () => {
    // A scan that found no source (a moved folder) would pass without proving anything.
    const files = sourceFiles(serverSrc).map((path) => relative(serverSrc, path));
    expect(files).toContain('modules/users/meQuery.ts');
    for (const file of allowed) expect(files).toContain(file);
  });
});
