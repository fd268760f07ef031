import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import de from '@/messages/de.json';
import { createMissionInput } from '@/lib/shared/schemas/mission';
import { updateMissionBody } from '@/lib/shared/schemas/mission-update';
import { translateIssue, type Translate } from '@/lib/shared/validation/issue';

// Issue 20: rule errors appeared in English on the German UI. A rule's message is a catalogue key.
const german: Translate = (key, values) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], de) as string;
  return Object.entries(values ?? {}).reduce((t, [k, v]) => t.replace(`{${k}}`, String(v)), text);
};

describe('rule messages go through the message catalogue', () => {
  it('"at least 1 product" reads German on the German UI, from both mission schemas', () => {
    const created = createMissionInput.safeParse({ products: [] }).error!.issues.find((i) => i.path[0] === 'products')!;
    const updated = updateMissionBody.safeParse({ version: 1, products: [] }).error!.issues.find((i) => i.path[0] === 'products')!;
    expect(translateIssue(german, created.message)).toBe('Mindestens 1 Produkt muss ausgewählt werden');
    expect(translateIssue(german, updated.message)).toBe('Mindestens 1 Produkt muss ausgewählt werden');
  });

  it('no shared schema writes a rule message in plain English', () => {
    const dir = join(process.cwd(), 'lib/shared/schemas');
    const plain = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/(?:\.(?:min|max|length|regex|refine|nonempty)\([^)\n]*,\s*|message:\s*)'([^'\n]*\s[^'\n]*)'/g)].map((m) => `${f}: ${m[1]}`));
    expect(plain).toEqual([]);
  });
});
