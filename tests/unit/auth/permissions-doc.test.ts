/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS } from '@/lib/shared/auth/permission-table';
import { BUILT_IN_ROLES, MAP_VIEW_CUSTOMER_IDS, PROVIDER_CUSTOMER_ID, SPECIAL_GROUP_CUSTOMER_IDS } from '@/lib/shared/auth/roles';

// docs/permissions.md is the documented role → permission table (issue 4 item 5): it must say
// exactly what the code does.
const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'permissions.md'), 'utf8');

const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

/** The markdown table whose header starts with `| Flag |`: its role columns and, per flag, the roles with ✓. */
function documentedTable(): { roles: string[]; rows: Map<string, string[]> } {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => /^\|\s*Flag\s*\|/.test(l));
  if (start < 0) throw new Error('docs/permissions.md has no table starting with "| Flag |"');
  const roles = cells(lines[start]!).slice(1);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [flag, ...marks] = cells(line);
    const name = flag!.replace(/`/g, '');
    if (rows.has(name)) throw new Error(`flag ${name} is listed twice`);
    if (marks.length !== roles.length) throw new Error(`row ${name} has ${marks.length} cells for ${roles.length} roles`);
    for (const mark of marks) if (mark !== '' && mark !== '✓') throw new Error(`row ${name}: unexpected cell "${mark}"`);
    rows.set(name, roles.filter((_, i) => marks[i] === '✓'));
  }
  return { roles, rows };
}

const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
const sortedNumbers = (list: readonly number[]) => [...list].sort((a, b) => a - b);

describe('docs/permissions.md', () => {
  const table = documentedTable();

  it('has one column per built-in role', () => {
    expect(table.roles).toEqual([...BUILT_IN_ROLES]);
  });

  it('has one row per permission flag', () => {
    expect([...table.rows.keys()].sort()).toEqual([...PERMISSION_FLAGS].sort());
  });

  it.each([...PERMISSION_FLAGS])('marks exactly the roles that grant %s', (flag) => {
    const granting = BUILT_IN_ROLES.filter((role) => DEFAULT_ROLE_PERMISSIONS[role].includes(flag));
    expect(table.rows.get(flag)).toEqual(granting);
  });

  it('names the map-view customer numbers of the code', () => {
    const line = doc.split('\n').find((l) => l.includes('whose customer number is one of'));
    expect(numbers(line!.split('one of')[1]!.split('(')[0]!)).toEqual(sortedNumbers(MAP_VIEW_CUSTOMER_IDS));
  });

  it('names the provider and special-group customer numbers of the code', () => {
    const row = (fn: string) => cells(doc.split('\n').find((l) => l.includes(`\`${fn}\``) && l.trim().startsWith('|'))!)[2]!;
    expect(numbers(row('isProviderCompany').split('(')[0]!)).toEqual([PROVIDER_CUSTOMER_ID]);
    expect(numbers(row('isSpecialGroupCompany').split('(')[0]!)).toEqual(sortedNumbers(SPECIAL_GROUP_CUSTOMER_IDS));
  });
});
