import { ClipMode, type IClipBox, type PointCloudMaterial } from 'potree-core';
import { Box3, Matrix4, OrthographicCamera, Quaternion, Vector3 } from 'three';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { Size3 } from '@/lib/shared/viewer/volumes';
import type { EngineVolume, SliceRender } from './engine-types';

const UP = new Vector3(0, 0, 1);

/** The box's matrix in the scene (recentred on `origin`): scale to its size, turn about the vertical, move to its centre. */
export function boxMatrix(centre: Point3, size: Size3, rotation: number, origin: Vector3): Matrix4 {
  const position = new Vector3(centre[0] - origin.x, centre[1] - origin.y, centre[2] - origin.z);
  return new Matrix4().compose(position, new Quaternion().setFromAxisAngle(UP, rotation), new Vector3(...size));
}

/** potree-core's clip box: the shader keeps a point when the inverse matrix puts it inside the unit cube. */
export function clipBoxOf(centre: Point3, size: Size3, rotation: number, origin: Vector3): IClipBox {
  const matrix = boxMatrix(centre, size, rotation, origin);
  return { box: new Box3(new Vector3(-0.5, -0.5, -0.5), new Vector3(0.5, 0.5, 0.5)), matrix, inverse: matrix.clone().invert(), position: new Vector3().setFromMatrixPosition(matrix) };
}

/**
 * "Only clipped section" and shown slices cut the cloud to the union of their boxes (potree-core's
 * CLIP_OUTSIDE also skips loading nodes outside them); with none, "show all" draws every point.
 */
export function applyClipping(material: PointCloudMaterial, boxes: readonly IClipBox[]) {
  material.setClipBoxes([...boxes]);
  material.clipMode = boxes.length > 0 ? ClipMode.CLIP_OUTSIDE : ClipMode.DISABLED;
}

export const clippingOf = (volumes: readonly EngineVolume[], origin: Vector3): IClipBox[] =>
  volumes.filter((v) => v.clips).map((v) => clipBoxOf(v.centre, v.size, v.rotation, origin));

/**
 * The orthographic camera that sees a slab square-on: an upright slab from its front (its local -y
 * side, looking along +y, up the vertical), a flat one from above (up its local y). The frustum is
 * the slab's extent; near and far span its thickness with a margin so no point of it is cut.
 */
export function sliceCamera(slice: SliceRender, origin: Vector3): OrthographicCamera {
  const [sx, sy, sz] = slice.size;
  const centre = new Vector3(slice.centre[0] - origin.x, slice.centre[1] - origin.y, slice.centre[2] - origin.z);
  const turn = new Quaternion().setFromAxisAngle(UP, slice.rotation);
  const localY = new Vector3(0, 1, 0).applyQuaternion(turn);
  const flat = slice.axis === 'horizontal';
  const halfW = sx / 2;
  const halfH = (flat ? sy : sz) / 2;
  const depth = flat ? sz : sy;
  const camera = new OrthographicCamera(-halfW, halfW, halfH, -halfH, 0, 1);
  const back = depth + Math.max(halfW, halfH);
  if (flat) {
    camera.up.copy(localY);
    camera.position.copy(centre).addScaledVector(UP, back);
  } else {
    camera.up.copy(UP);
    camera.position.copy(centre).addScaledVector(localY, -back);
  }
  camera.lookAt(centre);
  camera.near = back - depth;
  camera.far = back + depth;
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld(true);
  return camera;
}
