import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';

/*
 * s3rver (the S3 emulator we can install, TOOLCHAIN gotcha 13) answers ListParts and
 * AbortMultipartUpload with "method not allowed"; @tus/s3-store needs both (the offset of an
 * unfinished upload is the sum of its parts; termination aborts). This adds the two, reading the
 * parts s3rver's own UploadPart wrote, in front of its router. Test support only.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function listParts(dir: string, bucket: string, key: string, uploadId: string): Promise<string> {
  const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const path = join(dir, String(n));
      const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
      const etag = createHash('md5').update(bytes).digest('hex');
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
}

export function addMultipartListing(server: S3rver): void {
  const app = server as unknown as { middleware: Middleware[] };
  const multipart: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;

    const [, bucket, ...rest] = ctx.path.split('/');
    if (!uploadId || !bucket || rest.length === 0 || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!(await stat(dir).catch(() => null))) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    ctx.type = 'application/xml';
    ctx.body = await listParts(dir, bucket, decodeURIComponent(rest.join('/')), uploadId);
  };
  // In front of every other middleware, after s3rver's own context set-up (the store on ctx).
  app.middleware.splice(app.middleware.length - 1, 0, multipart);
}
