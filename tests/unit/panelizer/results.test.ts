import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { compassOf, elevationsOf } from '@/lib/shared/panelizer/elevations';
import { areaWithHoles, panelizerResults, revealLength } from '@/lib/shared/panelizer/results';
import { validatePanelizerDocument } from '@/lib/shared/panelizer/validate';
import { demoPanelizerDocument } from '@/scripts/seed/demo-panelizer-document';
import { DEPTH, DOOR, LENGTH, STOREYS, STOREY_HEIGHT, WINDOW } from '@/scripts/seed/demo-building-surfaces';

const square = (x: number, y: number, s: number) => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]] as [number, number][];

describe('areas', () => {
  it('subtracts holes from a polygon, whichever way they run', () => {
    expect(areaWithHoles(square(0, 0, 10))).toBe(100);
    expect(areaWithHoles(square(0, 0, 10), [square(1, 1, 2), [...square(5, 5, 3)].reverse()])).toBe(100 - 4 - 9);
    // An L: 10 × 10 minus its 5 × 5 corner.
    expect(areaWithHoles([[0, 0], [10, 0], [10, 5], [5, 5], [5, 10], [0, 10]])).toBe(75);
  });

  it('measures reveals: four sides of a window, three of a door', () => {
    expect(revealLength('window', 1.2, 1.4)).toBeCloseTo(5.2, 12);
    expect(revealLength('door', 1.4, 2.3)).toBeCloseTo(6, 12);
  });
});

/** An L-shaped building (two walls facing east on different lines) with a balcony on the first floor. */
function lBuilding(): PanelizerDocument {
  const l = [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 10, y: 0 }, { id: 'c', x: 10, y: 5 }, { id: 'd', x: 5, y: 5 }, { id: 'e', x: 5, y: 10 }, { id: 'f', x: 0, y: 10 }];
  return {
    schema: 1,
    origin: [0, 0, 0],
    floorLines: [{ id: 'g', z: 0 }, { id: 'h', z: 2.5 }, { id: 'i', z: 5.5 }],
    floors: [{ id: 'g', planId: 'p1' }, { id: 'h', planId: 'p2' }],
    plans: [
      { id: 'p1', outlines: [{ id: 'L', kind: 'building', points: l }] },
      { id: 'p2', outlines: [{ id: 'L', kind: 'building', points: l }, { id: 'B', kind: 'balcony', points: [{ id: 'x', x: 2, y: -1.5 }, { id: 'y', x: 6, y: -1.5 }, { id: 'z', x: 6, y: 0 }, { id: 'w', x: 2, y: 0 }] }] },
    ],
    openings: [
      { id: 'o1', floorId: 'g', outlineId: 'L', edgeId: 'a', kind: 'door', left: 4, bottom: 0, width: 1, height: 2 },
      { id: 'o2', floorId: 'h', outlineId: 'L', edgeId: 'b', kind: 'window', left: 1, bottom: 1, width: 2, height: 1 },
    ],
  };
}

describe('elevations', () => {
  it('name compass directions from the outward normal', () => {
    expect([compassOf(0, -1), compassOf(1, 0), compassOf(0, 1), compassOf(-1, 0), compassOf(1, 1)]).toEqual(['south', 'east', 'north', 'west', 'northEast']);
  });

  it('list every edge of every outline of every floor, grouped by facade across floors', () => {
    const d = lBuilding();
    expect(validatePanelizerDocument(d)).toEqual([]);
    const { elevations, facades } = elevationsOf(d);
    expect(elevations).toHaveLength(6 + 6 + 4);
    const names = Object.fromEntries(facades.map((f) => [f.id, [f.name, f.elevationIds.length]]));
    expect(names).toEqual({
      'building:north:1': ['North', 2], // y = 5 (c → d), nearer the inside
      'building:north:2': ['North 2', 2], // y = 10 (e → f)
      'building:east:1': ['East', 2], // x = 5 (d → e)
      'building:east:2': ['East 2', 2], // x = 10 (b → c)
      'building:south:1': ['South', 2],
      'building:west:1': ['West', 2],
      'balcony:north:1': ['North', 1],
      'balcony:east:1': ['East', 1],
      'balcony:south:1': ['South', 1],
      'balcony:west:1': ['West', 1],
    });
  });
});

describe('results', () => {
  it('compute gross, openings, net and reveals per elevation, facade, floor and overall, balconies apart', () => {
    const r = panelizerResults(lBuilding());
    // Perimeter 40 m; storeys 2.5 m and 3 m.
    expect(r.totals.gross).toBeCloseTo(40 * 2.5 + 40 * 3, 12);
    expect(r.totals.openingsArea).toBeCloseTo(2 + 2, 12);
    expect(r.totals).toMatchObject({ openingsCount: 2, windows: 1, doors: 1 });
    expect(r.totals.net).toBeCloseTo(220 - 4, 12);
    expect(r.totals.revealLength).toBeCloseTo(2 * 2 + 1 + (2 * 2 + 2 * 1), 12);
    const south = r.facades.find((f) => f.id === 'building:south:1')!;
    expect(south.gross).toBeCloseTo(10 * 5.5, 12);
    expect(south.net).toBeCloseTo(55 - 2, 12);
    const ground = r.elevations.find((e) => e.id === 'g/L/a')!;
    expect(ground).toMatchObject({ length: 10, height: 2.5, gross: 25, openingsArea: 2, net: 23, openingsCount: 1, doors: 1 });
    expect(r.floors.map((f) => [f.id, f.gross])).toEqual([['g', 100], ['h', 120]]);
    // The balcony: 4 × 1.5 m, its parapet walls 11 m around × 3 m.
    expect(r.balconies.gross).toBeCloseTo(11 * 3, 12);
    expect(r.balconies.openingsCount).toBe(0);
  });

  it('give the demo building’s net facade area from the generator’s constants', () => {
    const d = demoPanelizerDocument();
    expect(validatePanelizerDocument(d)).toEqual([]);
    const r = panelizerResults(d);
    const perimeter = 2 * (LENGTH + DEPTH);
    const windows = STOREYS * (2 * Math.floor(LENGTH / WINDOW.pitch) + 2 * Math.floor(DEPTH / WINDOW.pitch));
    const gross = perimeter * STOREYS * STOREY_HEIGHT;
    const openings = windows * WINDOW.width * WINDOW.height + DOOR.width * DOOR.height;
    expect(windows).toBe(96);
    expect(r.totals.gross).toBeCloseTo(gross, 9);
    expect(r.totals.gross).toBeCloseTo(864, 9);
    expect(r.totals).toMatchObject({ windows: 96, doors: 1, openingsCount: 97 });
    expect(r.totals.openingsArea).toBeCloseTo(openings, 9);
    expect(r.totals.net).toBeCloseTo(699.5, 9);
    expect(r.totals.revealLength).toBeCloseTo(96 * 5.2 + 6, 9);
    expect(r.facades.map((f) => [f.name, f.openingsCount])).toEqual([['East', 16], ['South', 33], ['West', 16], ['North', 32]].sort((a, b) => ['North', 'East', 'South', 'West'].indexOf(a[0] as string) - ['North', 'East', 'South', 'West'].indexOf(b[0] as string)));
    expect(r.balconies.gross).toBe(0);
  });
});
