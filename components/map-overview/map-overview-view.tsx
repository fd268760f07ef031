'use client';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '@/components/map/base-map';
import { PlaceFinder } from '@/components/planner/place-finder';
import { apiFetch } from '@/lib/client/fetcher';
import type { MapCluster, MapMission, MapMissions } from '@/lib/shared/api/endpoints/map';
import { SINGLES_ZOOM } from '@/lib/shared/map/map-grid';
import { ClusterMarker, MissionMarker } from './map-markers';
import { MapFiltersBar } from './map-filters';
import { MapLegend } from './map-legend';
import { MissionPopup } from './mission-popup';
import { mapFiltersQuery, mapMissionsUrl, type MapFilters, type MapVocabulary } from './map-query';
import styles from './map-overview.module.css';

/** Germany, where the missions are. */
const INITIAL_VIEW = { longitude: 10.45, latitude: 51.1, zoom: 5 };

/** Where a place found by address or coordinates is shown: a street's missions one by one. */
const FOUND_ZOOM = 16;

/** Wait this long after the map stops moving before asking for its box: a drag is one request, not fifty. */
export const MOVE_DEBOUNCE_MS = 250;

/** performance.mark name the benchmark measures to: the first data drawn after the map went idle. */
export const CLUSTERS_RENDERED_MARK = 'map:clusters-rendered';

interface Props {
  vocab: MapVocabulary;
  initialFilters: MapFilters;
  /** MAP_STYLE_URL, or undefined for the bundled offline style. */
  styleUrl?: string;
  /** A geocoder is configured (GEOCODER_URL), so places can be found by address. */
  geocoder?: boolean;
}

/**
 * spec §2 /map-overview: the missions the user may see, clustered by the server for the visible
 * box and zoom, coloured by status; a cluster click zooms in, a mission opens a popup with a link.
 */
export function MapOverviewView({ vocab, initialFilters, styleUrl, geocoder = false }: Props) {
  const t = useTranslations('mapOverview');
  const tMessages = useTranslations('missions.messages');
  const [filters, setFilters] = useState(initialFilters);
  const [data, setData] = useState<MapMissions | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<{ mission: MapMission; marker: HTMLElement } | null>(null);
  const [rendered, setRendered] = useState(false);
  const mapRef = useRef<MapRef | null>(null);
  const filtersRef = useRef(filters);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const url = mapMissionsUrl([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom(), filtersRef.current);
      const result = await apiFetch<MapMissions>(url, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setData(result);
      setFailed(false);
    } catch {
      // A request replaced by a newer view is not a failure.
      if (!controller.signal.aborted) setFailed(true);
    }
  }, []);

  const scheduleLoad = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(), MOVE_DEBOUNCE_MS);
  }, [load]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const changeFilters = (next: MapFilters) => {
    setFilters(next);
    filtersRef.current = next;
    setOpen(null);
    const query = mapFiltersQuery(next);
    // The URL holds the filters (a shareable link); no server round trip is needed for that.
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    void load();
  };

  // The benchmark's "first complete render": the first answer is in the DOM and the map is idle.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!data || rendered || !map) return;
    map.once('idle', () => {
      performance.mark(CLUSTERS_RENDERED_MARK);
      setRendered(true);
    });
    map.triggerRepaint();
  }, [data, rendered]);

  const zoomTo = (cluster: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    const [w, s, e, n] = cluster.bounds;
    // Missions on one spot never split by zooming: go straight to the zoom that lists them one by one.
    if (w === e && s === n) map.flyTo({ center: [w, s], zoom: Math.max(SINGLES_ZOOM, map.getZoom() + 1) });
    else map.fitBounds([[w, s], [e, n]], { padding: 60, maxZoom: SINGLES_ZOOM + 1 });
  };

  const featureCount = data ? data.clusters.length + data.missions.length : 0;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{t('title')}</h1>
        <MapFiltersBar vocab={vocab} filters={filters} onChange={changeFilters} />
      </div>
      <div
        className={styles.mapArea}
        data-testid="map-overview"
        data-clusters-rendered={rendered ? 'true' : 'false'}
        data-feature-count={featureCount}
        data-total={data?.total ?? ''}
      >
        <BaseMap
          initialView={INITIAL_VIEW}
          styleUrl={styleUrl}
          label={t('title')}
          onMapReady={(map) => {
            mapRef.current = map;
            void load();
          }}
          onMoveEnd={scheduleLoad}
          onClick={() => setOpen(null)}
        >
          {data?.clusters.map((c) => <ClusterMarker key={`${c.lon},${c.lat}`} cluster={c} order={vocab.statuses} onZoom={zoomTo} />)}
          {data?.missions.map((m) => <MissionMarker key={m.id} mission={m} onOpen={(mission, marker) => setOpen({ mission, marker })} />)}
          {open && <MissionPopup mission={open.mission} opener={open.marker} onClose={() => setOpen(null)} />}
        </BaseMap>
        {/* Over the map, folded, so that finding a place costs the map none of its height. */}
        <details className={styles.finder}>
          <summary>{t('findPlace')}</summary>
          <PlaceFinder geocoder={geocoder} onGo={(latitude, longitude) => mapRef.current?.flyTo({ center: [longitude, latitude], zoom: FOUND_ZOOM })} />
        </details>
        <MapLegend statuses={vocab.statuses} />
        <div className={styles.status} role="status" data-testid="map-total">
          {failed ? <span className={styles.error}>{tMessages('loadMissionsFailed')}</span> : data ? t('total', { count: data.total }) : t('loading')}
        </div>
      </div>
    </div>
  );
}
