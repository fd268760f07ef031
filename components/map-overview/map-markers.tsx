'use client';
import { useTranslations } from 'next-intl';
import { Marker } from 'react-map-gl/maplibre';
import type { MapCluster, MapMission } from '@/lib/shared/api/endpoints/map';
import styles from './map-overview.module.css';
import { statusColor, statusRing } from './status-colors';

/*
 * Clusters and missions are HTML markers, not a symbol layer: the offline style has no glyphs for
 * text labels, the server sends at most a few hundred of them per view, and buttons are reachable
 * by keyboard and readable by tests (a WebGL canvas is not).
 */

/** Bubble size grows with the log of the count so 5 and 5 000 both fit. */
const size = (count: number) => Math.round(28 + Math.min(28, Math.log10(count) * 9));

export function ClusterMarker({ cluster, order, onZoom }: { cluster: MapCluster; order: readonly string[]; onZoom: (c: MapCluster) => void }) {
  const t = useTranslations('mapOverview');
  const d = size(cluster.count);
  return (
    <Marker longitude={cluster.lon} latitude={cluster.lat} anchor="center">
      <button
        type="button"
        className={styles.cluster}
        style={{ width: d, height: d, background: statusRing(cluster.statuses, order) }}
        aria-label={t('cluster', { count: cluster.count })}
        data-cluster-count={cluster.count}
        onClick={(e) => {
          e.stopPropagation();
          onZoom(cluster);
        }}
      >
        <span>{cluster.count}</span>
      </button>
    </Marker>
  );
}

export function MissionMarker({ mission, onOpen }: { mission: MapMission; onOpen: (m: MapMission, marker: HTMLElement) => void }) {
  return (
    <Marker longitude={mission.lon} latitude={mission.lat} anchor="center">
      <button
        type="button"
        className={styles.mission}
        style={{ background: statusColor(mission.status) }}
        aria-label={mission.name}
        data-mission-id={mission.id}
        data-status={mission.status}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(mission, e.currentTarget);
        }}
      />
    </Marker>
  );
}
