import type { PolygonGeometry } from '@/lib/shared/geo';
import { footprintDrawing } from './footprint';
import styles from './print.module.css';

/** A building's outline to scale, north up, with a scale bar (server-rendered SVG: prints sharp at any size). */
export function FootprintSvg({ footprint, label, scaleLabel }: { footprint: PolygonGeometry; label: string; scaleLabel: (metres: number) => string }) {
  const d = footprintDrawing(footprint);
  if (!d) return null;
  const { scaleBar: bar } = d;
  const tick = 4;
  return (
    <svg viewBox={`0 0 ${d.width} ${d.height}`} role="img" aria-label={label} className={styles.footprint} data-testid="footprint" data-scale={d.scale}>
      <path d={d.path} fillRule="evenodd" className={styles.shape} />
      <g className={styles.scaleBar} data-testid="scale-bar" data-metres={bar.metres} data-length={bar.length}>
        <line x1={bar.x} y1={bar.y} x2={bar.x + bar.length} y2={bar.y} />
        <line x1={bar.x} y1={bar.y - tick} x2={bar.x} y2={bar.y + tick} />
        <line x1={bar.x + bar.length} y1={bar.y - tick} x2={bar.x + bar.length} y2={bar.y + tick} />
        <text x={bar.x + bar.length + 6} y={bar.y + 4}>
          {scaleLabel(bar.metres)}
        </text>
      </g>
      <g className={styles.north} aria-hidden="true" transform={`translate(${d.width - 16} 16)`}>
        <path d="M 0 -10 L 5 4 L 0 1 L -5 4 Z" />
        <text x={0} y={16}>
          N
        </text>
      </g>
    </svg>
  );
}
