import { polygonFromLocal, type PolygonGeometry, type Position } from '@/lib/shared/geo';

/**
 * Places and building outlines of the demo data. Streets are real; positions are spread
 * deterministically around each city centre; outlines are typical German building shapes
 * authored in metres (east, north) and placed and rotated on the map.
 */

export interface City {
  name: string;
  centre: Position;
  /** First digits of the city's postcodes, completed per address. */
  zipPrefixes: string[];
  streets: string[];
}

export const CITIES: City[] = [
  {
    name: 'München',
    centre: [11.5755, 48.1374],
    zipPrefixes: ['803', '804', '806', '807', '816'],
    streets: ['Leopoldstraße', 'Sendlinger Straße', 'Schellingstraße', 'Lindwurmstraße', 'Rosenheimer Straße', 'Nymphenburger Straße', 'Prinzregentenstraße', 'Landsberger Straße'],
  },
  {
    name: 'Berlin',
    centre: [13.405, 52.52],
    zipPrefixes: ['101', '104', '105', '109', '120'],
    streets: ['Torstraße', 'Kastanienallee', 'Karl-Marx-Allee', 'Sonnenallee', 'Kantstraße', 'Oranienstraße', 'Schönhauser Allee', 'Friedrichstraße'],
  },
  {
    name: 'Hamburg',
    centre: [9.9937, 53.5511],
    zipPrefixes: ['200', '201', '202', '207', '227'],
    streets: ['Mönckebergstraße', 'Eppendorfer Weg', 'Osterstraße', 'Lange Reihe', 'Holstenstraße', 'Elbchaussee', 'Bahrenfelder Straße', 'Hofweg'],
  },
  {
    name: 'Köln',
    centre: [6.9603, 50.9375],
    zipPrefixes: ['506', '507', '508', '509', '510'],
    streets: ['Aachener Straße', 'Venloer Straße', 'Severinstraße', 'Neusser Straße', 'Zülpicher Straße', 'Deutzer Freiheit', 'Bonner Straße', 'Ehrenstraße'],
  },
  {
    name: 'Frankfurt am Main',
    centre: [8.6821, 50.1109],
    zipPrefixes: ['603', '604', '605', '603', '604'],
    streets: ['Berger Straße', 'Schweizer Straße', 'Leipziger Straße', 'Mainzer Landstraße', 'Hanauer Landstraße', 'Eschersheimer Landstraße', 'Oeder Weg', 'Textorstraße'],
  },
  {
    name: 'Stuttgart',
    centre: [9.1829, 48.7758],
    zipPrefixes: ['701', '701', '701', '703', '704'],
    streets: ['Königstraße', 'Tübinger Straße', 'Hauptstätter Straße', 'Rotebühlstraße', 'Neckarstraße', 'Olgastraße', 'Reinsburgstraße', 'Pragstraße'],
  },
  {
    name: 'Leipzig',
    centre: [12.3731, 51.3397],
    zipPrefixes: ['041', '041', '042', '043', '043'],
    streets: ['Karl-Liebknecht-Straße', 'Eisenbahnstraße', 'Georg-Schwarz-Straße', 'Karl-Heine-Straße', 'Prager Straße', 'Gohliser Straße', 'Jahnallee', 'Lützner Straße'],
  },
  {
    name: 'Dresden',
    centre: [13.7373, 51.0504],
    zipPrefixes: ['010', '010', '011', '012', '013'],
    streets: ['Königsbrücker Straße', 'Bautzner Straße', 'Louisenstraße', 'Hechtstraße', 'Leipziger Straße', 'Wiener Straße', 'Kesselsdorfer Straße', 'Großenhainer Straße'],
  },
];

type Outline = ReadonlyArray<readonly [number, number]>;

export interface Shape {
  /** German building kind, used in names. */
  kind: string;
  outline: Outline;
  /** Inner courtyards. */
  holes?: Outline[];
  levels: [min: number, max: number];
  storeyHeight?: number;
}

const rect = (w: number, d: number): Outline => [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]];

export const SHAPES: Shape[] = [
  { kind: 'Mehrfamilienhaus', outline: rect(24, 12.5), levels: [3, 5] },
  { kind: 'Wohnanlage', outline: [[0, 0], [42, 0], [42, 13], [13, 13], [13, 34], [0, 34]], levels: [4, 6] },
  { kind: 'Gründerzeit-Block', outline: rect(58, 46), holes: [rect(30, 20)], levels: [4, 5], storeyHeight: 3.4 },
  { kind: 'Bürogebäude', outline: [[0, 0], [48, 0], [48, 14], [31, 14], [31, 30], [17, 30], [17, 14], [0, 14]], levels: [5, 8], storeyHeight: 3.6 },
  { kind: 'Schule', outline: [[0, 0], [62, 0], [62, 36], [48, 36], [48, 12], [14, 12], [14, 36], [0, 36]], levels: [2, 3], storeyHeight: 3.8 },
  { kind: 'Einfamilienhaus', outline: rect(11, 9.5), levels: [1, 2], storeyHeight: 2.8 },
  { kind: 'Reihenhauszeile', outline: rect(36, 10), levels: [2, 3], storeyHeight: 2.9 },
  { kind: 'Gewerbehalle', outline: rect(64, 32), levels: [1, 1], storeyHeight: 7.5 },
  { kind: 'Wohnhochhaus', outline: [[-11, -11], [11, -11], [11, -4], [15, -4], [15, 4], [11, 4], [11, 11], [-11, 11]], levels: [12, 16], storeyHeight: 2.9 },
  { kind: 'Stadtvilla', outline: [[0, 0], [16, 0], [16, 4], [18, 4], [18, 12], [16, 12], [16, 15], [0, 15]], levels: [2, 3], storeyHeight: 3.1 },
];

/** Small secondary outlines beside the main building. */
export const ANNEXES: Shape[] = [
  { kind: 'Garage', outline: rect(9, 6), levels: [1, 1], storeyHeight: 2.6 },
  { kind: 'Hinterhaus', outline: rect(18, 10), levels: [2, 4] },
  { kind: 'Anbau', outline: rect(12, 8), levels: [1, 2] },
];

/** Areas without walls (plots, yards) to scan with the buildings. */
export const AREAS: Shape[] = [
  { kind: 'Innenhof', outline: rect(22, 16), levels: [1, 1] },
  { kind: 'Parkplatz', outline: rect(30, 18), levels: [1, 1] },
];

/** A shape placed at `origin` + (east, north) metres, rotated. */
export function place(shape: Shape, origin: Position, east: number, north: number, rotationDeg: number): PolygonGeometry {
  const shift = (o: Outline): Outline => o.map(([x, y]) => [x + east, y + north] as const);
  const outer = polygonFromLocal(origin, shift(shape.outline), rotationDeg);
  const holes = (shape.holes ?? []).map((h) => polygonFromLocal(origin, [...shift(h)].reverse(), rotationDeg).coordinates[0]!);
  return { type: 'Polygon', coordinates: [outer.coordinates[0]!, ...holes] };
}

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
