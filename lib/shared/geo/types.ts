/** A position as GeoJSON orders it: [longitude, latitude] in WGS84 degrees. */
export type Position = [number, number];

/** A GeoJSON Polygon: the first ring is the outline, further rings are holes; rings are closed. */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}
