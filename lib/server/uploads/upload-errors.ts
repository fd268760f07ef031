import 'server-only';
import type { ContentKind, UploadPurpose } from '@/lib/shared/schemas/upload';
import { AppError } from '../errors';

/** The refusals of the upload endpoint, each with the message key the file-upload control shows. */
export const fileTooLarge = (size: number, maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than ${maxBytes} bytes`, { size, maxBytes }, 'errors.uploads.tooLarge');

export const quotaExceeded = (size: number, usedBytes: number, quotaBytes: number) =>
  new AppError('payload_too_large', "The file does not fit into the mission's storage quota", { size, usedBytes, quotaBytes }, 'errors.uploads.quotaExceeded');

export const requestTooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `One upload request may carry at most ${maxBytes} bytes`, { maxBytes }, 'errors.uploads.requestTooLarge');

export const wrongContent = (purpose: UploadPurpose, detected: ContentKind | null) =>
  new AppError('unsupported_media_type', `The file's content (${detected ?? 'unknown'}) is not accepted for ${purpose}`, { purpose, detected }, 'errors.uploads.wrongContent');

export const uploadNotFound = () => new AppError('not_found', 'upload not found', undefined, 'errors.uploads.notFound');

export const uploadFinished = () => new AppError('conflict', 'The upload is already finished', undefined, 'errors.uploads.finished');
