'use client';

import { lazy, Suspense, useCallback, useDeferredValue, useState, type ComponentType } from 'react';
import { useHydrated } from '@/components/auth/use-hydrated';

/** How far below (or above) the screen a `whenNear` component starts loading: one screen height. */
const NEAR = '100% 0px';

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
 *
 * `whenNear`: a component far down a page waits until it comes within a screen of the viewport
 * (scrolled to, or reached through its anchor). A page's load then spends nothing on what nobody
 * has looked at yet: neither its code nor its render nor the requests for its data.
 */
export function browserOnly<P extends object>(load: () => Promise<ComponentType<P>>, { whenNear = false } = {}): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function BrowserOnly(props: P) {
    const hydrated = useDeferredValue(useHydrated());
    const [near, setNear] = useState(!whenNear);
    // The marker lives as long as the component is not yet near, and its observer with it.
    const watch = useCallback((marker: HTMLDivElement | null) => {
      if (!marker) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR });
      observer.observe(marker);
      return () => observer.disconnect();
    }, []);
    if (!hydrated) return null;
    if (!near) return <div ref={watch} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return BrowserOnly;
}
