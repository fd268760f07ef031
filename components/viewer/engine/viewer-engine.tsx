'use client';

import { Canvas } from '@react-three/fiber';
import { Component, type ReactNode } from 'react';
import type { ViewerEngineProps } from './engine-types';
import { PointCloudScene } from './point-cloud-scene';
import styles from '../viewer.module.css';

/**
 * The 3D engine of the viewer (three, @react-three/fiber, potree-core), imported by the workspace
 * after the page painted. A canvas that cannot start (no context, a shader that fails) is reported
 * as the spec's initialisation failure instead of leaving a blank window.
 */
export function ViewerEngine(props: ViewerEngineProps) {
  const { onStatus } = props;
  return (
    <InitBoundary onError={() => onStatus({ phase: 'initFailed', pointsDrawn: 0 })}>
      <Canvas
        className={styles.canvas}
        // Behind the panels, out of their flow: the phone layout stacks them (R3F's own style is relative).
        style={{ position: 'absolute', inset: 0 }}
        frameloop="always"
        flat
        dpr={[1, 2]}
        gl={{ alpha: true, antialias: false, powerPreference: 'high-performance' }}
        camera={{ fov: 60, near: 0.1, far: 100_000, up: [0, 0, 1], position: [0, -50, 30] }}
        onCreated={({ gl }) => {
          gl.setClearColor(0x000000, 0);
          gl.domElement.tabIndex = 0;
          gl.domElement.setAttribute('data-testid', 'viewer-canvas');
        }}
      >
        <PointCloudScene {...props} />
      </Canvas>
    </InitBoundary>
  );
}

class InitBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
