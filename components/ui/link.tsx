import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * next/link that does not prefetch. Every page of Argus is rendered per request and none has a
 * loading.js, so a prefetch brings nothing to show ahead — 110–210 bytes of route tree — while each
 * costs a request with its own session check: opening a mission prefetched every visible menu entry
 * and the previous and next mission (15 requests for admin@ at 1366 px), about 11 ms of server time
 * and an identity call each (docs/performance.md).
 * The click loads the page as it did after a prefetch.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
