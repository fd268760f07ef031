/**
 * A small DXF R12 reader for the tests: the ENTITIES section as entities with their layer, and
 * for polylines their vertices (x, y, z). Group codes and values alternate line by line.
 */
export interface DxfEntity {
  type: string;
  layer: string;
  text?: string;
  vertices: [number, number, number][];
}

export function readDxf(text: string): { layers: string[]; entities: DxfEntity[] } {
  const lines = text.split(/\r?\n/);
  const pairs: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) pairs.push([Number(lines[i]!.trim()), lines[i + 1]!]);
  const layers: string[] = [];
  const entities: DxfEntity[] = [];
  let section = '';
  let current: DxfEntity | null = null;
  let vertex: number[] | null = null;
  let inLayerTable = false;
  for (let i = 0; i < pairs.length; i++) {
    const [code, value] = pairs[i]!;
    if (code === 0 && value === 'SECTION') section = pairs[i + 1]![1];
    if (section === 'TABLES' && code === 0 && value === 'LAYER') inLayerTable = true;
    else if (section === 'TABLES' && inLayerTable && code === 2) {
      layers.push(value);
      inLayerTable = false;
    }
    if (section !== 'ENTITIES') continue;
    if (code === 0) {
      if (vertex && current) current.vertices.push(vertex as [number, number, number]);
      vertex = null;
      if (value === 'VERTEX') vertex = [0, 0, 0];
      else if (value === 'SEQEND' || value === 'ENDSEC') current = null;
      else if (value !== 'EOF') entities.push((current = { type: value, layer: '', vertices: [] }));
    } else if (vertex && (code === 10 || code === 20 || code === 30)) vertex[(code - 10) / 10] = Number(value);
    else if (current && !vertex && code === 8) current.layer = value;
    else if (current && code === 1) current.text = value;
  }
  return { layers, entities };
}
