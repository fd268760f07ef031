import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

/**
 * Layers point one way (docs ARCHITECTURE §2): app → components → lib/client, lib/shared;
 * app → lib/server → lib/server/db. Each zone lists the folders its files may not import from.
 */
const layers = [
  { target: './lib', from: ['./components', './app'], message: 'lib/ is below components/ and app/: move the shared code into lib/shared.' },
  { target: './components', from: ['./lib/server', './app'], message: 'Components get plain data: load it in app/ or lib/server/<feature>/ and pass it in.' },
  { target: './lib/shared', from: ['./lib/server', './lib/client'], message: 'lib/shared runs on both sides: it imports neither lib/server nor lib/client.' },
  { target: './lib/client', from: ['./lib/server'], message: 'Browser code never imports lib/server.' },
];

const config = [
  { ignores: ['.next/**', '.data/**', 'node_modules/**', 'next-env.d.ts', 'lib/server/db/migrations/**', 'public/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  ...compat.extends('next/core-web-vitals', 'next/typescript'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**', 'components/**', 'lib/**', 'instrumentation.ts', 'instrumentation-client.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: layers }],
      // Type-only imports count too: a cycle through types still ties the modules' designs together.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Spec §9: a date shows a long month and a 24-hour clock in the browser's locale. Intl's date
    // and time styles give neither in every locale ("Nov 27, 2026, 9:26 PM").
    files: ['app/**', 'components/**', 'lib/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["Property[key.name=/^(dateStyle|timeStyle)$/]", "CallExpression[callee.property.name='dateTime']"].map((selector) => ({
          selector,
          message: 'Dates follow spec §9: use formatDate (lib/shared/format/date.ts) or, in a component, useDateText (lib/i18n/date-text.ts).',
        })),
      ],
    },
  },
  {
    files: ['app/**', 'components/**'],
    ignores: ['components/ui/link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: "Use Link from '@/components/ui/link': it does not prefetch (every prefetch is a request with a session check, for nothing to show)." }] }],
    },
  },
];

export default config;
