'use client';

import { TourViewer, type TourViewerProps } from './tour-viewer';

/** The client entry of the tour pages: the viewer loads Photo Sphere Viewer itself after painting. */
export function TourViewerEntry(props: TourViewerProps) {
  return <TourViewer {...props} />;
}
