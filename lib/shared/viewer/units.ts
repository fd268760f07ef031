/**
 * The length unit of a point cloud, from its CRS as the converter wrote it into metadata.json
 * (`crs.units`: 'm', 'ft' or 'us-ft'; metres when the file said nothing). Measurements are kept
 * and shown in the cloud's own unit, so a US-feet cloud measures in US survey feet.
 */
export type LengthUnit = 'm' | 'ft' | 'us-ft';

export function lengthUnitOf(metadata: unknown): LengthUnit {
  const units = (metadata as { crs?: { units?: unknown } | null } | null)?.crs?.units;
  return units === 'ft' || units === 'us-ft' ? units : 'm';
}

/** The suffix shown after a length and an area in the unit. */
export const UNIT_SYMBOLS: Record<LengthUnit, { length: string; area: string }> = {
  m: { length: 'm', area: 'm²' },
  ft: { length: 'ft', area: 'ft²' },
  'us-ft': { length: 'ft (US)', area: 'ft² (US)' },
};
