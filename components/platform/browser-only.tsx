'use client';

import { lazy, Suspense, type ComponentType } from 'react';
import { useHydrated } from '@/components/auth/use-hydrated';

/**
 * A component that renders nothing on the server and whose code loads in the browser after the
 * page, like next/dynamic with `ssr: false`. That one says "not on the server" by throwing an
 * error for React to catch at a Suspense boundary: an Error, stack trace and boundary for each
 * such component on every server render (docs/performance.md).
 */
export function browserOnly<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function BrowserOnly(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return BrowserOnly;
}
