'use client';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

/**
 * MapLibre's own UI texts (its `locale` option: string id → text; the ids are those of
 * maplibre-gl's src/ui/default_locale.ts) from our messages, so its controls' names and tooltips
 * ("Zoom in", the attribution's (i), popups…) follow the user's language instead of English.
 */
const MAPLIBRE_TEXTS = {
  'AttributionControl.ToggleAttribution': 'toggleAttribution',
  'AttributionControl.MapFeedback': 'mapFeedback',
  'FullscreenControl.Enter': 'enterFullscreen',
  'FullscreenControl.Exit': 'exitFullscreen',
  'GeolocateControl.FindMyLocation': 'findMyLocation',
  'GeolocateControl.LocationNotAvailable': 'locationNotAvailable',
  'LogoControl.Title': 'logo',
  'Marker.Title': 'marker',
  'NavigationControl.ResetBearing': 'resetBearing',
  'NavigationControl.ZoomIn': 'zoomIn',
  'NavigationControl.ZoomOut': 'zoomOut',
  'Popup.Close': 'closePopup',
  'GlobeControl.Enable': 'enableGlobe',
  'GlobeControl.Disable': 'disableGlobe',
  'TerrainControl.Enable': 'enableTerrain',
  'TerrainControl.Disable': 'disableTerrain',
  'CooperativeGesturesHandler.WindowsHelpText': 'ctrlScrollHelp',
  'CooperativeGesturesHandler.MacHelpText': 'cmdScrollHelp',
  'CooperativeGesturesHandler.MobileHelpText': 'twoFingersHelp',
} as const;

/** The `locale` for a MapLibre map; `title` names the map region (MapLibre's "Map.Title"). */
export function useMapLocale(title?: string): Record<string, string> {
  const t = useTranslations('ui.map');
  return useMemo(() => {
    const locale: Record<string, string> = Object.fromEntries(Object.entries(MAPLIBRE_TEXTS).map(([id, key]) => [id, t(key)]));
    locale['Map.Title'] = title ?? t('title');
    return locale;
  }, [t, title]);
}
