/*
 * A fixed set of worker threads running converter tasks (tasks.ts), so LAZ decoding, sampling
 * and brotli never block the calling process's event loop (the job worker heartbeats every 5 s).
 * Size 0 runs the tasks inline: Jest cannot start TypeScript workers, and tiny inputs do not
 * need threads.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PointCloudError } from '../types';
import { runTask, type TaskName } from './tasks';
import { transferables } from './transfer';

export interface TaskRunner {
  run<T>(task: TaskName, input: unknown): Promise<T>;
}

export interface ThreadPool extends TaskRunner {
  readonly size: number;
  /** One thread for a stateful sequence of tasks (a LAZ decoding session); release it after. */
  pin(): Promise<TaskRunner & { release(): void }>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  pinned: boolean;
  /** Its thread died; calls fail at once, and it was replaced by a fresh slot. */
  dead: boolean;
}

function entryCode(): string {
  const compiled = join(__dirname, 'thread-entry.js');
  if (existsSync(compiled)) return `require(${JSON.stringify(compiled)});`;
  // From sources (tsx scripts, the tsx-run worker process): register tsx's hook in the thread.
  const register = require.resolve('tsx/cjs/api');
  return `require(${JSON.stringify(register)}).register(); require(${JSON.stringify(join(__dirname, 'thread-entry.ts'))});`;
}

function errorFrom(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'PointCloudError' && error.code) return new PointCloudError(error.code as PointCloudError['code'], error.message);
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

export const inlineRunner: TaskRunner = {
  run: <T>(task: TaskName, input: unknown) => runTask(task, input) as Promise<T>,
};

export function createThreadPool(size: number): ThreadPool {
  if (size <= 0) {
    return { size: 0, ...inlineRunner, pin: async () => ({ ...inlineRunner, release() {} }), close: async () => {} };
  }
  const code = entryCode();
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; slot: Slot }>();
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(code, { eval: true }), busy: false, pinned: false, dead: false };
    slot.worker.on('message', (message: { id: number; output?: unknown; error?: { name: string; message: string; code?: string } }) => {
      const call = calls.get(message.id);
      if (!call) return;
      calls.delete(message.id);
      if (message.error) call.reject(errorFrom(message.error));
      else call.resolve(message.output);
    });
    const fail = (err: Error) => {
      if (slot.dead) return;
      slot.dead = true;
      for (const [id, call] of calls) {
        if (call.slot !== slot) continue;
        calls.delete(id);
        call.reject(err);
      }
      const index = slots.indexOf(slot);
      if (!closed && index >= 0) {
        // The dead slot's holder gets errors and releases nothing; a fresh idle thread takes its place.
        const fresh = spawn();
        slots[index] = fresh;
        const next = waiting.shift();
        if (next) {
          fresh.busy = true;
          next(fresh);
        }
      }
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (exitCode) => {
      if (!closed) fail(new Error(`converter thread exited with code ${exitCode}`));
    });
    return slot;
  };
  for (let i = 0; i < size; i += 1) slots.push(spawn());

  const call = <T>(slot: Slot, task: TaskName, input: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (slot.dead) {
        reject(new Error('converter thread died'));
        return;
      }
      const id = nextId++;
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject, slot });
      slot.worker.postMessage({ id, task, input }, transferables(input));
    });

  const acquire = (): Promise<Slot> => {
    const free = slots.find((s) => !s.busy && !s.pinned);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const releaseSlot = (slot: Slot) => {
    if (slot.dead) return;
    slot.busy = false;
    slot.pinned = false;
    const next = waiting.shift();
    if (next) {
      slot.busy = true;
      next(slot);
    }
  };

  return {
    size,
    async run<T>(task: TaskName, input: unknown): Promise<T> {
      const slot = await acquire();
      try {
        return await call<T>(slot, task, input);
      } finally {
        releaseSlot(slot);
      }
    },
    async pin() {
      const slot = await acquire();
      slot.pinned = true;
      return { run: <T>(task: TaskName, input: unknown) => call<T>(slot, task, input), release: () => releaseSlot(slot) };
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
