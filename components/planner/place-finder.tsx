'use client';
import { AddressSearch } from './address-search';
import { GoToCoordinates } from './go-to-coordinates';

/** Finding a place: always by coordinates (spec §2), by address too when a geocoder is configured (issue #7). */
export function PlaceFinder({ geocoder, onGo }: { geocoder: boolean; onGo: (latitude: number, longitude: number) => void }) {
  return (
    <>
      <GoToCoordinates onGo={onGo} />
      {geocoder && <AddressSearch onGo={onGo} />}
    </>
  );
}
