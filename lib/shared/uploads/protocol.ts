/*
 * The upload protocol's vocabulary, free of zod: the browser's upload control imports these, and
 * zod (about 28 kB) must not reach a page's first load through them. The schema of the metadata
 * is in lib/shared/schemas/upload.ts, which re-exports all of this.
 */

/** What an upload is for (POST /api/v2/uploads, `Upload-Metadata` key `purpose`). */
export const UPLOAD_PURPOSES = ['scan', 'tour-image', 'photo', 'cad'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Content kinds the server recognises by their first bytes (lib/shared/uploads/sniff.ts). */
export const CONTENT_KINDS = ['las', 'e57', 'ply', 'jpeg', 'png', 'zip', 'dwg', 'dxf', 'ifc', 'pdf'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Which contents each purpose accepts (checked by bytes, never by name). LAS covers LAZ and COPC. */
export const ACCEPTED_CONTENT: Record<UploadPurpose, readonly ContentKind[]> = {
  scan: ['las', 'e57', 'ply', 'zip'],
  'tour-image': ['jpeg', 'png'],
  photo: ['jpeg', 'png'],
  cad: ['dwg', 'dxf', 'ifc', 'pdf'],
};

/** The file picker's accept list per purpose (a hint for the user; the server checks the bytes). */
export const ACCEPT_EXTENSIONS: Record<UploadPurpose, string> = {
  scan: '.las,.laz,.e57,.ply,.zip',
  'tour-image': '.jpg,.jpeg,.png',
  photo: '.jpg,.jpeg,.png',
  cad: '.dwg,.dxf,.ifc,.pdf',
};

/** Media types recorded for the finished file (mission_file.contentType). */
export const CONTENT_TYPES: Record<ContentKind, string> = {
  las: 'application/vnd.las',
  e57: 'application/e57',
  ply: 'application/x-ply',
  jpeg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  ifc: 'application/x-step',
  pdf: 'application/pdf',
};

/** Response header on OPTIONS /api/v2/uploads: the largest PATCH body the server accepts. */
export const REQUEST_BYTES_HEADER = 'Argus-Upload-Request-Bytes';
/** Spec §9 upload chunk: the unit in which the browser reads and hashes a file. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** The tus endpoint (tus 1.0: creation, termination, expiration, checksum); an upload's URL is `<path>/<id>`. */
export const UPLOADS_PATH = '/api/v2/uploads';
