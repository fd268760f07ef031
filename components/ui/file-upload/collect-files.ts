/** A chosen file with its path relative to the chosen or dropped folder ('' parts for loose files). */
export interface PickedFile {
  file: File;
  path: string;
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

/** Walks an entry depth-first. readEntries answers in batches (Chrome: 100) until an empty one. */
export async function walkEntry(entry: FileSystemEntry): Promise<PickedFile[]> {
  if (isFile(entry)) return [{ file: await fileOf(entry), path: entry.fullPath.replace(/^\//, '') }];
  if (!isDirectory(entry)) return [];
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) children.push(...batch);
  const nested = await Promise.all(children.map(walkEntry));
  return nested.flat();
}

/**
 * Files of a drop, with dropped folders walked recursively. The entries must be taken while the
 * drop event is being dispatched (the browser empties the DataTransfer afterwards), hence the
 * synchronous first step.
 */
export function filesFromDrop(dataTransfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(dataTransfer.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) {
    return Promise.all((entries as FileSystemEntry[]).map(walkEntry)).then((lists) => lists.flat());
  }
  // Browsers without the entries API still list plain files.
  return Promise.resolve(Array.from(dataTransfer.files ?? []).map((file) => ({ file, path: file.name })));
}

/** Files from the picker; a folder picker fills webkitRelativePath. */
export function filesFromInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
