import type { Point3 } from '@/lib/shared/measurements/maths';
import { clipBoxData, sliceData, type MeasurementDto } from '@/lib/shared/schemas/measurement';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import { METRES_PER_UNIT, slabSize, type ClipBoxData, type Coordinates, type SliceData } from '@/lib/shared/viewer/volumes';
import type { Box } from '@/lib/shared/viewer/gizmo';
import type { EngineVolume } from './engine/engine-types';

/** A slice's or clip box's data as the viewer edits it. */
export type VolumeData = { kind: 'slice'; data: SliceData } | { kind: 'clip-box'; data: ClipBoxData };

export const isVolumeKind = (kind: string): kind is 'slice' | 'clip-box' => kind === 'slice' || kind === 'clip-box';

/** The stored data read with the API's own schema (defaults filled in); null if it does not fit. */
export function volumeOf(item: Pick<MeasurementDto, 'kind' | 'data'>): VolumeData | null {
  if (item.kind === 'slice') {
    const parsed = sliceData.safeParse(item.data);
    return parsed.success ? { kind: 'slice', data: parsed.data as SliceData } : null;
  }
  if (item.kind === 'clip-box') {
    const parsed = clipBoxData.safeParse(item.data);
    return parsed.success ? { kind: 'clip-box', data: parsed.data as ClipBoxData } : null;
  }
  return null;
}

/** What the engine draws and clips for a volume: a clip box cuts when "only clipped section", a shown slice always. */
export function engineVolume(key: string, volume: VolumeData, active = false): EngineVolume {
  if (volume.kind === 'slice') {
    const { centre, rotation } = volume.data;
    return { key, kind: 'slice', centre, rotation, size: slabSize(volume.data), clips: true, active };
  }
  const { centre, size, rotation, show } = volume.data;
  return { key, kind: 'clip-box', centre, size, rotation, clips: show === 'clipped', active };
}

const mm = (v: number) => Math.round(v * 1000) / 1000;

/** A new clip box: the middle half of the cloud's points, "only clipped section". */
export function newClipBox(extent: { min: Point3; max: Point3 }): ClipBoxData {
  const centre = extent.min.map((v, i) => mm((v + extent.max[i]!) / 2)) as Coordinates;
  const size = extent.min.map((v, i) => mm(Math.max((extent.max[i]! - v) / 2, 0.1))) as [number, number, number];
  return { centre, size, rotation: 0, show: 'clipped' };
}

/** A new slice: upright through the middle of the cloud, across its whole length and height, 30 cm thick. */
export function newSlice(extent: { min: Point3; max: Point3 }, unit: LengthUnit): SliceData {
  const centre = extent.min.map((v, i) => mm((v + extent.max[i]!) / 2)) as Coordinates;
  const size = extent.min.map((v, i) => mm(Math.max((extent.max[i]! - v) * 1.05, 0.1))) as [number, number, number];
  return { centre, size, rotation: 0, width: mm(0.3 / METRES_PER_UNIT[unit]), axis: 'vertical' };
}

/** The box the gizmo drags: a clip box as it is, a slice as its slab (the thin side its width). */
export function boxOfVolume(volume: VolumeData): Box {
  const { centre, rotation } = volume.data;
  return { centre, rotation, size: volume.kind === 'slice' ? slabSize(volume.data) : volume.data.size };
}

/** The volume with the dragged box: a slice's thin side becomes its width (and stays its size there, as typed edits keep it). */
export function withBox(volume: VolumeData, box: Box): VolumeData {
  const { size, rotation } = box;
  const centre: Coordinates = [box.centre[0], box.centre[1], box.centre[2]];
  if (volume.kind === 'clip-box') return { kind: 'clip-box', data: { ...volume.data, centre, size, rotation } };
  const thin = volume.data.axis === 'horizontal' ? 2 : 1;
  return { kind: 'slice', data: { ...volume.data, centre, size, rotation, width: size[thin] } };
}
