'use client';

import { useEffect, useRef } from 'react';
import { MOUSE, TOUCH, Vector3, type Camera } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { NavigationMode } from '../navigation-modes';


const UP = new Vector3(0, 0, 1);
/** Radians the view turns per pixel dragged in fly mode. */
const LOOK = 0.004;
const FASTER = 4;

/**
 * Orbit: left-drag turns about the centre, right-drag pans in the screen, wheel zooms (the default).
 * Earth (Potree's "earth controls"): left-drag moves over the ground plane, right-drag turns, the
 * wheel zooms towards the pointer. In fly mode the orbit controls rest and useFly steers.
 */
export function configureOrbit(orbit: OrbitControls, mode: NavigationMode) {
  orbit.enabled = mode !== 'fly';
  const earth = mode === 'earth';
  orbit.mouseButtons = earth ? { LEFT: MOUSE.PAN, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.ROTATE } : { LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.PAN };
  orbit.touches = earth ? { ONE: TOUCH.PAN, TWO: TOUCH.DOLLY_ROTATE } : { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
  orbit.screenSpacePanning = !earth;
  orbit.zoomToCursor = earth;
}

const MOVES: Record<string, [number, number, number]> = {
  KeyW: [1, 0, 0], ArrowUp: [1, 0, 0],
  KeyS: [-1, 0, 0], ArrowDown: [-1, 0, 0],
  KeyD: [0, 1, 0], ArrowRight: [0, 1, 0],
  KeyA: [0, -1, 0], ArrowLeft: [0, -1, 0],
  KeyR: [0, 0, 1], KeyE: [0, 0, 1],
  KeyF: [0, 0, -1], KeyQ: [0, 0, -1],
};

/**
 * Fly mode: with the view focused, W A S D (or the arrows) fly along the view, R/E and F/Q rise and
 * sink, Shift is faster; dragging turns the view. Keys are taken from the canvas only, so typing in
 * the side panel never moves the camera. Returns the per-frame step (seconds since the last frame).
 */
export function useFly(active: boolean, camera: Camera, canvas: HTMLCanvasElement, speed: number) {
  const keys = useRef(new Set<string>());

  useEffect(() => {
    const held = keys.current;
    if (!active) return;
    let drag: { x: number; y: number } | null = null;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.code in MOVES) && e.code !== 'ShiftLeft' && e.code !== 'ShiftRight') return;
      held.add(e.code);
      e.preventDefault();
    };
    const onKeyUp = (e: KeyboardEvent) => held.delete(e.code);
    const onBlur = () => held.clear();
    const onDown = (e: PointerEvent) => {
      drag = { x: e.clientX, y: e.clientY };
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      drag = { x: e.clientX, y: e.clientY };
      const direction = camera.getWorldDirection(new Vector3());
      direction.applyAxisAngle(UP, -dx * LOOK);
      const right = new Vector3().crossVectors(direction, UP).normalize();
      const pitched = direction.clone().applyAxisAngle(right, -dy * LOOK);
      // Never straight up or down: the view would flip over the vertical.
      if (Math.abs(pitched.dot(UP)) < 0.98) direction.copy(pitched);
      camera.lookAt(camera.position.clone().add(direction));
    };
    const onUp = () => {
      drag = null;
    };
    canvas.addEventListener('keydown', onKeyDown);
    canvas.addEventListener('keyup', onKeyUp);
    canvas.addEventListener('blur', onBlur);
    canvas.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    return () => {
      held.clear();
      canvas.removeEventListener('keydown', onKeyDown);
      canvas.removeEventListener('keyup', onKeyUp);
      canvas.removeEventListener('blur', onBlur);
      canvas.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
  }, [active, camera, canvas]);

  return (delta: number) => {
    if (!active || keys.current.size === 0) return;
    const along = new Vector3();
    for (const code of keys.current) {
      const m = MOVES[code];
      if (m) along.add(new Vector3(...m));
    }
    if (along.lengthSq() === 0) return;
    const direction = camera.getWorldDirection(new Vector3());
    const right = new Vector3().crossVectors(direction, UP).normalize();
    const step = direction.multiplyScalar(along.x).add(right.multiplyScalar(along.y)).add(UP.clone().multiplyScalar(along.z)).normalize();
    const fast = keys.current.has('ShiftLeft') || keys.current.has('ShiftRight') ? FASTER : 1;
    // A long frame (SwiftShader, a hidden tab) must not throw the camera across the cloud.
    camera.position.addScaledVector(step, speed * fast * Math.min(delta, 0.1));
  };
}
