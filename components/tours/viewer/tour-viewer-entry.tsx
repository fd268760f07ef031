'use client';

import { preload } from 'react-dom';
import { previewUrl } from './tour-nodes';
import { TourViewer, type TourViewerProps } from './tour-viewer';
import { startNode } from './tour-view-state';

/**
 * The client entry of the tour pages: the viewer loads Photo Sphere Viewer itself, as a chunk of
 * its own. The first panorama's preview is asked for in the page's head, so it arrives while the
 * viewer loads (Photo Sphere Viewer fetches it as three's FileLoader does: fetch, same-origin credentials).
 */
export function TourViewerEntry(props: TourViewerProps) {
  const first = startNode(props.manifest, props.initial.imageId);
  if (first) preload(previewUrl(props.filesBase, first.id), { as: 'fetch', crossOrigin: 'anonymous' });
  return <TourViewer {...props} />;
}
