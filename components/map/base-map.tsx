'use client';
import dynamic from 'next/dynamic';
import type { BaseMapProps } from './base-map-inner';

export type { BaseMapProps, MapView } from './base-map-inner';

/**
 * The shared map: MapLibre through react-map-gl, loaded only in the browser (MapLibre needs
 * `window` and WebGL; `ssr: false` is allowed only in a client component, TOOLCHAIN gotcha 10).
 * Children are react-map-gl `<Source>`/`<Layer>` elements. The container carries
 * `data-map-ready="true"` once the map fired its load event (tests wait for it).
 */
const BaseMapInner = dynamic(() => import('./base-map-inner'), {
  ssr: false,
  loading: () => <div data-map-ready="false" style={{ width: '100%', height: '100%' }} />,
});

export function BaseMap(props: BaseMapProps) {
  return <BaseMapInner {...props} />;
}
