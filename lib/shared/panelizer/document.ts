import { z } from 'zod';

/**
 * The facade panelizer's document (issue 19): what a project holds and an export freezes.
 *
 * Coordinates are metres in a local frame: the point cloud's own coordinates minus `origin`
 * (taken from the cloud when the project is created), x east, y north, z up. Local numbers stay
 * small, so the editor draws them without precision loss and a document reads like a drawing.
 *
 * - `floorLines` are the heights where storeys meet, ascending. Storey k spans from line k to
 *   line k + 1, so n lines make n − 1 floors and the top line is the facade's top edge. A floor
 *   is named by the id of its bottom line.
 * - `floors` holds, per floor (bottom line id), the floorplan it uses. Linked floors point to the
 *   same plan: an edit made on one shows on all of them; unlinking gives the floor its own copy.
 * - A plan holds outlines: one polygon per building outline (`building`) or balcony
 *   (`balcony`), counter-clockwise, not closed (the last point joins the first), never
 *   self-intersecting. Every vertex has an id, so an edge keeps its identity while points are
 *   inserted or moved: an edge is named by the id of its start vertex.
 * - An elevation is one edge of one outline on one floor (floor id + outline id + edge id).
 *   Openings live on an elevation: `left` is metres along the edge from its start vertex,
 *   `bottom` metres above the floor line; they stay inside the elevation's rectangle.
 *   Openings made together by the opening group tool share a `groupId`.
 */

export const PANELIZER_DOCUMENT_SCHEMA = 1;
/** Bounds the editor must stay fluid at (issue 19 point 5), and what the API accepts. */
export const PANELIZER_MAX_FLOOR_LINES = 101;
export const PANELIZER_MAX_OUTLINE_POINTS = 500;
export const PANELIZER_MAX_OUTLINES_PER_PLAN = 50;
export const PANELIZER_MAX_OPENINGS = 10_000;
/**
 * The byte limit of a saved document (PUT), above the API's 1 MiB, which holds only about 4 000
 * openings. An opening with the longest ids allowed is about 400 bytes of JSON, so 10 000 of them
 * with 100 storeys of outlines fit in 8 MiB with room to spare; anything larger is 413.
 */
export const PANELIZER_MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** The spec's advice: a floor line 60 cm above a window's top edge. */
export const FLOOR_LINE_ABOVE_WINDOW_M = 0.6;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
// Local metres: a building, not a country. ±100 km keeps out nonsense.
const metres = z.number().finite().min(-100_000).max(100_000);
const length = z.number().finite().positive().max(1000);

export const floorLineSchema = z.strictObject({ id, z: metres });
export const vertexSchema = z.strictObject({ id, x: metres, y: metres });
export const OUTLINE_KINDS = ['building', 'balcony'] as const;
export type OutlineKind = (typeof OUTLINE_KINDS)[number];
export const outlineSchema = z.strictObject({
  id,
  kind: z.enum(OUTLINE_KINDS),
  points: z.array(vertexSchema).min(3).max(PANELIZER_MAX_OUTLINE_POINTS),
});
export const planSchema = z.strictObject({ id, outlines: z.array(outlineSchema).max(PANELIZER_MAX_OUTLINES_PER_PLAN) });
export const floorSchema = z.strictObject({
  /** The id of the floor's bottom line. */
  id,
  planId: id,
  /** Optional name the user gave ("EG", "1. OG"); the editor numbers floors without one. */
  name: z.string().trim().max(60).optional(),
});
export const OPENING_KINDS = ['window', 'door'] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];
export const openingSchema = z.strictObject({
  id,
  floorId: id,
  outlineId: id,
  /** The id of the edge's start vertex. */
  edgeId: id,
  kind: z.enum(OPENING_KINDS),
  left: z.number().finite().min(0).max(1000),
  bottom: z.number().finite().min(0).max(1000),
  width: length,
  height: length,
  groupId: id.optional(),
});

export const panelizerDocumentSchema = z.strictObject({
  schema: z.literal(PANELIZER_DOCUMENT_SCHEMA),
  /** The cloud coordinates of local (0, 0, 0). */
  origin: z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]),
  floorLines: z.array(floorLineSchema).max(PANELIZER_MAX_FLOOR_LINES),
  floors: z.array(floorSchema).max(PANELIZER_MAX_FLOOR_LINES),
  plans: z.array(planSchema).max(PANELIZER_MAX_FLOOR_LINES),
  openings: z.array(openingSchema).max(PANELIZER_MAX_OPENINGS),
});

export type FloorLine = z.infer<typeof floorLineSchema>;
export type Vertex = z.infer<typeof vertexSchema>;
export type Outline = z.infer<typeof outlineSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Floor = z.infer<typeof floorSchema>;
export type Opening = z.infer<typeof openingSchema>;
export type PanelizerDocument = z.infer<typeof panelizerDocumentSchema>;

/** A new project's document: no floors yet, its frame at the cloud's lower corner. */
export function emptyPanelizerDocument(origin: [number, number, number]): PanelizerDocument {
  return { schema: PANELIZER_DOCUMENT_SCHEMA, origin, floorLines: [], floors: [], plans: [], openings: [] };
}
