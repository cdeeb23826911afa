// The import's planning, in a worker thread of its own (started by import-planner.ts): the
// JSON files of an upload are measured, parsed and checked here, off the event loop that
// answers everyone's requests, under the worker's heap limit and deadline.
import { parentPort } from 'node:worker_threads';
import { HttpError } from '@dayframe/service-kit/http';
import type { UploadedFiles } from './read-upload.ts';
import { planImport, type ImportPlan } from './import-plan.ts';

/** One upload's files to plan; each file's bytes are transferred, not copied. */
export type PlanRequest = {
  id: number;
  kind: UploadedFiles['kind'];
  files: [name: string, bytes: ArrayBuffer][];
  /** The zip's other files, by name (the media the plan may refer to). */
  others: string[];
  journalName?: string;
};
export type PlanAnswer =
  | { id: number; ok: true; plan: ImportPlan }
  | { id: number; ok: false; refusal: { status: number; message: string; code: string } }
  /** The engine refused (a string or list too long to build, a stack too deep): the file's doing. */
  | { id: number; ok: false; tooCostly: string }
  /** Anything else: ours, logged by the parent. */
  | { id: number; ok: false; failure: string };

function plan(request: PlanRequest): PlanAnswer {
  const { id } = request;
  try {
    const files = new Map(request.files.map(([name, bytes]) => [name, Buffer.from(bytes)]));
    return {
      id,
      ok: true,
      plan: planImport({ kind: request.kind, files, others: request.others }, request.journalName),
    };
  } catch (error) {
    if (error instanceof HttpError)
      return {
        id,
        ok: false,
        refusal: { status: error.status, message: error.message, code: error.code },
      };
    if (error instanceof RangeError) return { id, ok: false, tooCostly: error.message };
    return { id, ok: false, failure: String((error as Error)?.stack ?? error) };
  }
}

parentPort?.on('message', (request: PlanRequest) => {
  parentPort!.postMessage(plan(request));
});
