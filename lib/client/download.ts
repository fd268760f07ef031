/** Makes the browser download a URL under a file name (a same-origin link with `download`, clicked once). */
export function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}
