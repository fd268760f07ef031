#!/usr/bin/env node
// Merges a JSON fragment into messages/en.json and messages/de.json in one quick
// read-modify-write, so several people (or helpers) can add keys without clobbering each other.
// Usage: node scripts/messages-merge.mjs fragment.json   where fragment = { "en": {...}, "de": {...} }
import { readFileSync, writeFileSync, renameSync } from 'node:fs';

const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) target[key] = merge(target[key] ?? {}, value);
    else target[key] = value;
  }
  return target;
};
for (const locale of ['en', 'de']) {
  if (!fragment[locale]) continue;
  const file = `messages/${locale}.json`;
  const merged = merge(JSON.parse(readFileSync(file, 'utf8')), fragment[locale]);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
