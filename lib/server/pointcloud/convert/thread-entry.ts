/*
 * A converter worker thread: runs tasks by name and answers with transferred buffers. Loaded by
 * thread-pool.ts (through tsx's register hook when running from TypeScript sources).
 */
import { parentPort } from 'node:worker_threads';
import { runTask, type TaskName } from './tasks';
import { transferables } from './transfer';

parentPort?.on('message', (message: { id: number; task: TaskName; input: unknown }) => {
  runTask(message.task, message.input).then(
    (output) => parentPort!.postMessage({ id: message.id, output }, transferables(output)),
    (err: unknown) => {
      const error = err instanceof Error ? { name: err.name, message: err.message, code: (err as { code?: string }).code } : { name: 'Error', message: String(err) };
      parentPort!.postMessage({ id: message.id, error });
    },
  );
});
