'use client';

import { lazy, Suspense, useDeferredValue, type ComponentType } from 'react';
import { useHydrated } from '@/components/auth/use-hydrated';

/**
 * A component that renders nothing on the server and whose code loads in the browser after the
 * page, like next/dynamic with `ssr: false`. That one says "not on the server" by throwing an
 * error for React to catch at a Suspense boundary: an Error, stack trace and boundary for each
 * such component on every server render (docs/performance.md).
 *
 * Mounted while the page hydrates, it appears in a deferred render afterwards, which React does in
 * slices: shown in the synchronous re-render that useHydrated forces after hydration, each such
 * component's render, with the request for its code, made one task of 80–90 ms (4× slowed CPU)
 * right after the page hydrated. Mounted later (a client navigation), it shows at once.
 */
export function browserOnly<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function BrowserOnly(props: P) {
    const hydrated = useHydrated();
    if (!useDeferredValue(hydrated)) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return BrowserOnly;
}
