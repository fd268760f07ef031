/**
 * The canvas as a PNG. Read right after drawing, in the same task: the drawing buffer is not kept
 * after the browser composites (preserveDrawingBuffer stays off for speed). A data URL is decoded
 * here rather than fetched (the Content Security Policy's connect-src has no data:).
 */
export async function pngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  const url = canvas.toDataURL('image/png');
  const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}
