import { ARCHIVE_MESSAGES } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';

/** How many imports one archive process runs at once, and what a refused one is told. */
export const IMPORT_ADMISSION = {
  /** Each holds its upload (up to 50 MB) and a worker (up to its heap limit). */
  perProcess: 2,
  /** The `Retry-After` of a 503 `import_busy`: about what an ordinary import takes. */
  retryAfterSeconds: 30,
} as const;

export type ImportGate = {
  /**
   * A slot for `userId`'s import, or the refusal: 409 `import_in_progress` while an import of
   * theirs runs in this process, 503 `import_busy` (with `Retry-After`) when `perProcess`
   * imports run. Call the returned function when the import is over, however it ended
   * (calling it again does nothing).
   */
  admit(userId: string): () => void;
  /** Imports running now. */
  running(): number;
};

/**
 * Admission of imports, in this process's memory (decision 0040): one per account at a time,
 * `perProcess` in all. With several archive replicas each counts its own.
 */
export function importGate(
  options: { perProcess?: number; retryAfterSeconds?: number } = {},
): ImportGate {
  const perProcess = options.perProcess ?? IMPORT_ADMISSION.perProcess;
  const retryAfter = options.retryAfterSeconds ?? IMPORT_ADMISSION.retryAfterSeconds;
  const importing = new Set<string>();
  return {
    admit(userId) {
      if (importing.has(userId))
        throw new HttpError(409, ARCHIVE_MESSAGES.importInProgress, 'import_in_progress');
      if (importing.size >= perProcess)
        throw new HttpError(503, ARCHIVE_MESSAGES.importBusy, 'import_busy', {
          'Retry-After': String(retryAfter),
        });
      importing.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        importing.delete(userId);
      };
    },
    running: () => importing.size,
  };
}
