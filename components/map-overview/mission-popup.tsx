'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { useEffect, useRef } from 'react';
import { Popup } from 'react-map-gl/maplibre';
import type { MapMission } from '@/lib/shared/api/endpoints/map';
import styles from './map-overview.module.css';

/**
 * A mission's popup on the map: its link, status and step. The link takes focus when the popup
 * opens (MapLibre puts the popup after every marker, so Tab would pass them all first); Escape
 * closes it and gives focus back to the marker that opened it.
 */
export function MissionPopup({ mission, opener, onClose }: { mission: MapMission; opener: HTMLElement | null; onClose: () => void }) {
  const t = useTranslations('mapOverview');
  const tStatus = useTranslations('missions.fields.values.status');
  const tStep = useTranslations('missions.fields.values.step');
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus({ preventScroll: true }), [mission.id]);
  return (
    // No fixed anchor: MapLibre places the popup on the side where it fits inside the map.
    <Popup longitude={mission.lon} latitude={mission.lat} offset={10} onClose={onClose} closeOnClick={false}>
      <div
        className={styles.popup}
        data-testid="map-popup"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          onClose();
          opener?.focus();
        }}
      >
        <Link ref={link} href={`/mission/${mission.id}`}>
          {mission.name}
        </Link>
        <span>
          {t('popupStatus')}: {tStatus(mission.status)}
        </span>
        <span>
          {t('popupStep')}: {tStep(mission.step)}
        </span>
      </div>
    </Popup>
  );
}
