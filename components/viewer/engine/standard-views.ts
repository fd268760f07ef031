import { Vector3, type Box3 } from 'three';
import type { StandardView } from '../standard-view-names';

// Straight down or up would leave the orbit without a "forward"; a hair off the axis keeps north up.
const EPS = 1e-4;
const DIRECTIONS: Record<StandardView, [number, number, number]> = {
  top: [0, -EPS, 1],
  bottom: [0, -EPS, -1],
  front: [0, -1, 0],
  back: [0, 1, 0],
  left: [-1, 0, 0],
  right: [1, 0, 0],
};

/** Where the camera stands for a view of the box: on the view's axis, far enough to see all of it. */
export function standardViewPosition(view: StandardView, box: Box3, fovDegrees = 60): { position: Vector3; target: Vector3 } {
  const target = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1);
  const distance = radius / Math.sin(((fovDegrees / 2) * Math.PI) / 180);
  const position = new Vector3(...DIRECTIONS[view]).normalize().multiplyScalar(distance).add(target);
  return { position, target };
}
