'use client';
import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Map, { AttributionControl, NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { useMapLocale } from './map-locale';
import { offlineStyle } from './offline-style';

// MapLibre's worker cannot be bundled by Next: scripts/copy-assets.mjs copies it to public/ at
// build time, and it must be named before the first map is created (TOOLCHAIN gotcha 7).
setWorkerUrl('/maplibre-gl-worker.mjs');

export interface MapView {
  longitude: number;
  latitude: number;
  zoom: number;
}

export interface BaseMapProps extends Omit<MapProps, 'mapStyle' | 'initialViewState' | 'children' | 'ref' | 'style'> {
  /** Where the map starts. */
  initialView: MapView;
  /** MAP_STYLE_URL from the server (see map-style.ts); undefined → the bundled offline style. */
  styleUrl?: string;
  /** react-map-gl sources and layers (and controls, popups, markers). */
  children?: ReactNode;
  /** Gets the map once it has loaded (for flyTo, fitBounds, getBounds…). */
  onMapReady?: (map: MapRef) => void;
  /** Container class; the container must have a height. */
  className?: string;
  /** Accessible name of the map region. */
  label?: string;
  /** Show the zoom buttons (default true). */
  navigation?: boolean;
}

export default function BaseMapInner({
  initialView,
  styleUrl,
  children,
  onMapReady,
  onLoad,
  className,
  label,
  navigation = true,
  ...mapProps
}: BaseMapProps) {
  const [ready, setReady] = useState(false);
  const mapRef = useRef<MapRef>(null);
  // One object for the map's life: react-map-gl sets the style again whenever it changes identity.
  const t = useTranslations('ui.map.credits');
  const mapStyle = useMemo(() => styleUrl ?? offlineStyle(window.location.origin, { lakes: t('lakes'), places: t('places') }), [styleUrl, t]);
  const locale = useMapLocale(label);
  const readyCallback = useRef(onMapReady);
  readyCallback.current = onMapReady;
  // Handed over after the commit that follows the load event, not inside it: react-map-gl sets
  // its ref in a commit of its own, and a cached style can fire "load" before that commit.
  useEffect(() => {
    if (ready && mapRef.current) readyCallback.current?.(mapRef.current);
  }, [ready]);
  return (
    <div
      className={className}
      data-map-ready={ready ? 'true' : 'false'}
      style={className ? undefined : { width: '100%', height: '100%' }}
    >
      <Map
        ref={mapRef}
        initialViewState={initialView}
        mapStyle={mapStyle}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        // MapLibre's controls speak the user's language. Its canvas is the map's region landmark,
        // named by `label`: the only one (a second region around it with the same name fails
        // axe's landmark-unique).
        locale={locale}
        {...mapProps}
        onLoad={(event) => {
          setReady(true);
          onLoad?.(event);
        }}
      >
        {navigation && <NavigationControl position="top-right" showCompass={false} />}
        {/* The data's sources (Natural Earth, OpenStreetMap, GeoNames; a configured style's own), folded into an (i). */}
        <AttributionControl position="top-right" compact />
        {children}
      </Map>
    </div>
  );
}
