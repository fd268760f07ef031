'use client';
import { useMemo, useRef, useState, type Dispatch } from 'react';
import { Layer, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import type { Feature, FeatureCollection } from 'geojson';
import { BaseMap, type MapView } from '@/components/map/base-map';
import type { Position } from '@/lib/shared/geo/types';
import { edgeMidpoint, footprintOf, MIN_CORNERS, type DrawingAction, type DrawingState } from './drawing';

export interface PlannerMapProps {
  state: DrawingState;
  dispatch: Dispatch<DrawingAction>;
  initialView: MapView;
  styleUrl?: string;
  label: string;
  className?: string;
  onMapReady: (map: MapRef) => void;
}

const INTERACTIVE = ['draft-vertex', 'vertex', 'midpoint', 'building-fill'];
const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
const positionOf = (e: MapLayerMouseEvent): Position => [e.lngLat.lng, e.lngLat.lat];

/**
 * The planner's map: GeoJSON layers drawn from the drawing state, and map gestures turned into
 * drawing actions. Clicks place corners while drawing (clicking the first corner or
 * double-clicking finishes); otherwise they select a building, a corner, or insert a corner at
 * an edge's midpoint. Corners are dragged with the mouse (map panning paused meanwhile).
 */
export function PlannerMap({ state, dispatch, initialView, styleUrl, label, className, onMapReady }: PlannerMapProps) {
  const drag = useRef<{ key: string; vertex: number; moved: boolean } | null>(null);
  const [pointer, setPointer] = useState<Position | null>(null);
  const { buildings, draft, selection } = state;
  const selected = buildings.find((b) => b.key === selection?.key);

  const data = useMemo(() => {
    const outlines = collection(
      buildings.map((b) => ({ type: 'Feature', properties: { key: b.key, selected: b.key === selection?.key, area: b.type === 'area' }, geometry: footprintOf(b.ring) })),
    );
    const vertices = collection(
      (selected?.ring ?? []).map((p, i) => ({ type: 'Feature', properties: { key: selected!.key, vertex: i, active: i === selection?.vertex }, geometry: { type: 'Point', coordinates: p } })),
    );
    const midpoints = collection(
      (selected?.ring ?? []).map((_, i, ring) => ({ type: 'Feature', properties: { key: selected!.key, after: i }, geometry: { type: 'Point', coordinates: edgeMidpoint(ring, i) } })),
    );
    const line = draft ? [...draft, ...(pointer ? [pointer] : [])] : [];
    const sketch = collection([
      ...(line.length >= 2 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: line } }] : []),
      ...(draft ?? []).map((p, i) => ({ type: 'Feature' as const, properties: { vertex: i }, geometry: { type: 'Point' as const, coordinates: p } })),
    ]);
    return { outlines, vertices, midpoints, sketch };
  }, [buildings, selected, selection?.key, selection?.vertex, draft, pointer]);

  const onClick = (e: MapLayerMouseEvent) => {
    const feature = e.features?.[0];
    const layer = feature?.layer.id;
    const props = (feature?.properties ?? {}) as Record<string, unknown>;
    if (draft) {
      if (layer === 'draft-vertex' && props.vertex === 0 && draft.length >= MIN_CORNERS) dispatch({ type: 'finish' });
      else dispatch({ type: 'addVertex', position: positionOf(e) });
      return;
    }
    if (layer === 'midpoint') dispatch({ type: 'insertVertex', key: String(props.key), after: Number(props.after), position: positionOf(e) });
    else if (layer === 'vertex') dispatch({ type: 'select', selection: { key: String(props.key), vertex: Number(props.vertex) } });
    else if (layer === 'building-fill') dispatch({ type: 'select', selection: { key: String(props.key) } });
    else dispatch({ type: 'select', selection: null });
  };

  const onMouseDown = (e: MapLayerMouseEvent) => {
    const feature = e.features?.[0];
    if (draft || feature?.layer.id !== 'vertex') return;
    const props = feature.properties as Record<string, unknown>;
    drag.current = { key: String(props.key), vertex: Number(props.vertex), moved: false };
    e.target.dragPan.disable();
  };

  const onMouseMove = (e: MapLayerMouseEvent) => {
    const current = drag.current;
    if (current) {
      dispatch({ type: 'moveVertex', key: current.key, vertex: current.vertex, position: positionOf(e), record: !current.moved });
      current.moved = true;
    } else if (draft) setPointer(positionOf(e));
  };

  const onMouseUp = (e: MapLayerMouseEvent) => {
    if (!drag.current) return;
    drag.current = null;
    e.target.dragPan.enable();
  };

  return (
    <BaseMap
      initialView={initialView}
      styleUrl={styleUrl}
      label={label}
      className={className}
      onMapReady={onMapReady}
      interactiveLayerIds={INTERACTIVE}
      doubleClickZoom={false}
      cursor={draft ? 'crosshair' : drag.current ? 'grabbing' : 'default'}
      onClick={onClick}
      onDblClick={(e) => {
        if (!draft) return;
        e.preventDefault();
        dispatch({ type: 'finish' });
      }}
      onMouseDown={onMouseDown}
      onMouseMove={onMouseMove}
      onMouseUp={onMouseUp}
    >
      <Source id="outlines" type="geojson" data={data.outlines}>
        <Layer id="building-fill" type="fill" paint={{ 'fill-color': ['case', ['get', 'area'], '#8bb174', '#3b6ea5'], 'fill-opacity': ['case', ['get', 'selected'], 0.45, 0.25] }} />
        <Layer id="building-line" type="line" paint={{ 'line-color': ['case', ['get', 'selected'], '#c2410c', '#1e3a5f'], 'line-width': 2 }} />
      </Source>
      <Source id="midpoints" type="geojson" data={data.midpoints}>
        <Layer id="midpoint" type="circle" paint={{ 'circle-radius': 4, 'circle-color': '#ffffff', 'circle-stroke-color': '#c2410c', 'circle-stroke-width': 1 }} />
      </Source>
      <Source id="vertices" type="geojson" data={data.vertices}>
        <Layer id="vertex" type="circle" paint={{ 'circle-radius': ['case', ['get', 'active'], 7, 5], 'circle-color': ['case', ['get', 'active'], '#c2410c', '#ffffff'], 'circle-stroke-color': '#c2410c', 'circle-stroke-width': 2 }} />
      </Source>
      <Source id="sketch" type="geojson" data={data.sketch}>
        <Layer id="draft-line" type="line" filter={['==', ['geometry-type'], 'LineString']} paint={{ 'line-color': '#c2410c', 'line-width': 2, 'line-dasharray': [2, 1] }} />
        <Layer id="draft-vertex" type="circle" filter={['==', ['geometry-type'], 'Point']} paint={{ 'circle-radius': 5, 'circle-color': '#c2410c' }} />
      </Source>
    </BaseMap>
  );
}
