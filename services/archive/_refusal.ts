import { HttpError } from '@dayframe/service-kit/http';

/** The HttpError `run` throws (a refusal), for the archive's unit tests; throws if it admits. */
export function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}
