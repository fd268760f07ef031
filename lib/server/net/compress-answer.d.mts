import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function compressAnswer(req: IncomingMessage, res: ServerResponse): void;
