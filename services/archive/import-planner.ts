import { Worker } from 'node:worker_threads';
import { ARCHIVE_MESSAGES } from '@dayframe/contracts';
import { HttpError, type Logger } from '@dayframe/service-kit/http';
import type { ImportPlan } from './import-plan.ts';
import type { UploadedFiles } from './read-upload.ts';
import type { PlanAnswer, PlanRequest } from './import-worker.ts';

/** What one import's worker may use; `createArchive` takes others in tests. */
export type ImportWorkerLimits = {
  /** The worker's old generation: parsed files and the plan (the largest legitimate needs about 100 MB). */
  heapMb: number;
  youngMb: number;
  stackMb: number;
  /** From handing the upload over to the plan coming back; past it the worker is stopped. */
  deadlineMs: number;
  /** How long a worker that finished waits for the next import before it is stopped. */
  idleMs: number;
};

export const IMPORT_WORKER_LIMITS: ImportWorkerLimits = {
  heapMb: 192,
  youngMb: 16,
  stackMb: 4,
  deadlineMs: 60_000,
  idleMs: 30_000,
};

export type ImportPlanner = {
  /**
   * Plans an upload's files (`readUpload`'s answer) in a worker thread (`planImport`): its
   * refusals come back as the same HttpError; a worker that runs out of memory or time is
   * stopped and answered 413 `import_too_complex`. The files' bytes are handed over to the
   * worker (transferred when a Buffer owns its memory, so it is empty afterwards).
   */
  plan(upload: UploadedFiles, journalName?: string): Promise<ImportPlan>;
  /** Stops every worker (a plan still running fails). */
  close(): Promise<void>;
};

// Compiled (`dist/import-planner.js`) the worker is `dist/import-worker.js`. From source (tsx
// in development, vitest in tests) Node cannot load a `.ts` worker by itself, and a worker
// does not inherit the parent's loader: it registers tsx first (tsx is never in an image).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(
  FROM_SOURCE ? './import-worker.ts' : './import-worker.js',
  import.meta.url,
);

function startWorker(limits: ImportWorkerLimits): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: limits.heapMb,
    maxYoungGenerationSizeMb: limits.youngMb,
    stackSizeMb: limits.stackMb,
  };
  const worker = FROM_SOURCE
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
          `.then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`,
        { eval: true, resourceLimits },
      )
    : new Worker(WORKER_FILE, { resourceLimits });
  worker.unref(); // an idle worker never keeps the process alive
  return worker;
}

const tooCostly = () => new HttpError(413, ARCHIVE_MESSAGES.readTooCostly, 'import_too_complex');

/** The bytes as an ArrayBuffer the worker can take: their own memory, else a copy of them. */
function transferable(bytes: Buffer): ArrayBuffer {
  const owned =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer;
  return owned ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
}

/**
 * Plans imports in worker threads with `resourceLimits` and a deadline, so that a file costing
 * more than an import may fails its own request and nothing else (decision 0040). Reading the
 * upload stays in the caller: a zip's directory is bounded (10,000 files) and inflating runs on
 * libuv's threads, so only parsing and checking, which cannot be bounded as they run, move. A worker
 * is started when an import needs one and none is idle; after an import it waits `idleMs` for
 * the next (starting one costs far more than a plan of an ordinary file), and one that failed,
 * ran out of memory or passed its deadline is stopped, never reused.
 */
export function importPlanner(
  log: Logger,
  overrides: Partial<ImportWorkerLimits> = {},
): ImportPlanner {
  const limits = { ...IMPORT_WORKER_LIMITS, ...overrides };
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const all = new Set<Worker>();
  let nextId = 1;

  function take(): Worker {
    const waiting = idle.pop();
    if (waiting) {
      clearTimeout(waiting.timer);
      return waiting.worker;
    }
    const worker = startWorker(limits);
    all.add(worker);
    worker.once('exit', () => all.delete(worker));
    return worker;
  }

  function putBack(worker: Worker) {
    const timer = setTimeout(() => {
      const at = idle.findIndex((w) => w.worker === worker);
      if (at !== -1) idle.splice(at, 1);
      void worker.terminate();
    }, limits.idleMs);
    timer.unref();
    idle.push({ worker, timer });
  }

  return {
    plan(upload, journalName) {
      const worker = take();
      const request: PlanRequest = {
        id: nextId++,
        kind: upload.kind,
        files: [...upload.files].map(([name, bytes]) => [name, transferable(bytes)]),
        others: upload.others,
        journalName,
      };
      return new Promise<ImportPlan>((resolve, reject) => {
        let settled = false;
        const settle = (reuse: boolean, outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (reuse) putBack(worker);
          else void worker.terminate();
          outcome();
        };
        const onMessage = (answer: PlanAnswer) => {
          if (answer.id !== request.id) return;
          if (answer.ok) return settle(true, () => resolve(answer.plan));
          if ('refusal' in answer) {
            const { status, message, code } = answer.refusal;
            return settle(true, () => reject(new HttpError(status, message, code)));
          }
          if ('tooCostly' in answer) {
            log.warn({ reason: answer.tooCostly }, 'import worker refused by the engine');
            return settle(false, () => reject(tooCostly()));
          }
          settle(false, () => reject(new Error(`import worker failed: ${answer.failure}`)));
        };
        const onError = (error: Error & { code?: string }) => {
          if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
            log.warn({ heapMb: limits.heapMb }, 'import worker ran out of memory; stopped');
            return settle(false, () => reject(tooCostly()));
          }
          settle(false, () => reject(error));
        };
        const onExit = (code: number) =>
          settle(false, () => reject(new Error(`import worker exited with ${code}`)));
        const deadline = setTimeout(() => {
          log.warn({ deadlineMs: limits.deadlineMs }, 'import worker passed its deadline; stopped');
          settle(false, () => reject(tooCostly()));
        }, limits.deadlineMs);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(
          request,
          request.files.map(([, bytes]) => bytes),
        );
      });
    },
    async close() {
      for (const { timer } of idle.splice(0)) clearTimeout(timer);
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
