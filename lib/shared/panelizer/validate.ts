import type { PanelizerDocument } from './document';
import { isSimplePolygon, signedArea, type XY } from './polygon';

/**
 * Semantic checks beyond the document's zod shape (issue 19), shared by the API's PUT and the
 * editor: each problem names the field path (dot-joined, as the error envelope's `fields`) and a
 * message key under `panelizer.errors.*`.
 *
 * Outlines must already run counter-clockwise: they are refused, not reversed, because an edge is
 * named by its start vertex and reversing would move every opening to another edge. The editor
 * orients a polygon when it closes it (`counterClockwise`), before any opening can refer to it.
 */

export interface DocumentIssue {
  path: string;
  key: string;
}

/** Openings may touch their elevation's border and each other; rounding below a millimetre is no error. */
export const PANELIZER_TOLERANCE_M = 1e-6;

export const pointsOf = (points: readonly { x: number; y: number }[]): XY[] => points.map((p) => [p.x, p.y] as const);

/** The same polygon, counter-clockwise (reversed when it ran clockwise). */
export function counterClockwise<P extends { x: number; y: number }>(points: readonly P[]): P[] {
  return signedArea(pointsOf(points)) < 0 ? [...points].reverse() : [...points];
}

function duplicates(ids: readonly string[], path: (i: number) => string, issues: DocumentIssue[]): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) issues.push({ path: path(i), key: 'panelizer.errors.duplicateId' });
    seen.add(id);
  });
}

function checkFloors(doc: PanelizerDocument, issues: DocumentIssue[]): void {
  duplicates(doc.floorLines.map((l) => l.id), (i) => `floorLines.${i}.id`, issues);
  doc.floorLines.forEach((line, i) => {
    if (i > 0 && !(line.z > doc.floorLines[i - 1]!.z)) issues.push({ path: `floorLines.${i}.z`, key: 'panelizer.errors.floorLinesNotAscending' });
  });
  const expected = doc.floorLines.slice(0, -1).map((l) => l.id);
  const actual = doc.floors.map((f) => f.id);
  if (expected.length !== actual.length || expected.some((id, i) => actual[i] !== id)) {
    issues.push({ path: 'floors', key: 'panelizer.errors.floorsMismatch' });
  }
  const planIds = new Set(doc.plans.map((p) => p.id));
  doc.floors.forEach((floor, i) => {
    if (!planIds.has(floor.planId)) issues.push({ path: `floors.${i}.planId`, key: 'panelizer.errors.unknownPlan' });
  });
}

function checkPlans(doc: PanelizerDocument, issues: DocumentIssue[]): void {
  duplicates(doc.plans.map((p) => p.id), (i) => `plans.${i}.id`, issues);
  doc.plans.forEach((plan, p) => {
    duplicates(plan.outlines.map((o) => o.id), (i) => `plans.${p}.outlines.${i}.id`, issues);
    plan.outlines.forEach((outline, o) => {
      const path = `plans.${p}.outlines.${o}.points`;
      duplicates(outline.points.map((v) => v.id), (i) => `${path}.${i}.id`, issues);
      const points = pointsOf(outline.points);
      if (!isSimplePolygon(points)) issues.push({ path, key: 'panelizer.errors.selfIntersecting' });
      else if (signedArea(points) < 0) issues.push({ path, key: 'panelizer.errors.clockwise' });
    });
  });
}

/** Where an opening sits: its elevation's size, or the key of what it names that does not exist. */
export function elevationSize(doc: PanelizerDocument, floorId: string, outlineId: string, edgeId: string): { length: number; height: number } | { missing: string } {
  const index = doc.floors.findIndex((f) => f.id === floorId);
  const lineIndex = doc.floorLines.findIndex((l) => l.id === floorId);
  if (index < 0 || lineIndex < 0 || lineIndex + 1 >= doc.floorLines.length) return { missing: 'panelizer.errors.unknownFloor' };
  const plan = doc.plans.find((p) => p.id === doc.floors[index]!.planId);
  const outline = plan?.outlines.find((o) => o.id === outlineId);
  if (!outline) return { missing: 'panelizer.errors.unknownOutline' };
  const at = outline.points.findIndex((v) => v.id === edgeId);
  if (at < 0) return { missing: 'panelizer.errors.unknownEdge' };
  const [a, b] = [outline.points[at]!, outline.points[(at + 1) % outline.points.length]!];
  return { length: Math.hypot(b.x - a.x, b.y - a.y), height: doc.floorLines[lineIndex + 1]!.z - doc.floorLines[lineIndex]!.z };
}

function checkOpenings(doc: PanelizerDocument, issues: DocumentIssue[]): void {
  duplicates(doc.openings.map((o) => o.id), (i) => `openings.${i}.id`, issues);
  const byElevation = new Map<string, number[]>();
  doc.openings.forEach((opening, i) => {
    const size = elevationSize(doc, opening.floorId, opening.outlineId, opening.edgeId);
    if ('missing' in size) {
      issues.push({ path: `openings.${i}`, key: size.missing });
      return;
    }
    const t = PANELIZER_TOLERANCE_M;
    if (opening.left + opening.width > size.length + t || opening.bottom + opening.height > size.height + t) {
      issues.push({ path: `openings.${i}`, key: 'panelizer.errors.openingOutside' });
      return;
    }
    const key = `${opening.floorId}/${opening.outlineId}/${opening.edgeId}`;
    for (const j of byElevation.get(key) ?? []) {
      const other = doc.openings[j]!;
      const apart = opening.left >= other.left + other.width - t || other.left >= opening.left + opening.width - t
        || opening.bottom >= other.bottom + other.height - t || other.bottom >= opening.bottom + opening.height - t;
      if (!apart) {
        issues.push({ path: `openings.${i}`, key: 'panelizer.errors.openingsOverlap' });
        return;
      }
    }
    byElevation.set(key, [...(byElevation.get(key) ?? []), i]);
  });
}

/** Every semantic problem of a (shape-valid) document; empty when it may be saved. */
export function validatePanelizerDocument(doc: PanelizerDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  checkFloors(doc, issues);
  checkPlans(doc, issues);
  checkOpenings(doc, issues);
  return issues;
}
