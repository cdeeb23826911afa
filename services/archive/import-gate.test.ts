import { describe, expect, it } from 'vitest';
import { refusal } from './_refusal.ts';
import { ARCHIVE_MESSAGES } from '@dayframe/contracts';
import { IMPORT_ADMISSION, importGate } from './import-gate.ts';

describe('the admission of imports', () => {
  it('is one import per account and two per process, 30 s to wait when busy', () => {
    expect(IMPORT_ADMISSION).toEqual({ perProcess: 2, retryAfterSeconds: 30 });
  });

  it('answers 409 to a second import of the same account, 503 with Retry-After past the bound', () => {
    const gate = importGate();
    const releaseA = gate.admit('a');
    expect(refusal(() => gate.admit('a'))).toMatchObject({
      status: 409,
      code: 'import_in_progress',
      message: ARCHIVE_MESSAGES.importInProgress,
    });
    const releaseB = gate.admit('b');
    expect(refusal(() => gate.admit('c'))).toMatchObject({
      status: 503,
      code: 'import_busy',
      message: ARCHIVE_MESSAGES.importBusy,
      headers: { 'Retry-After': '30' },
    });
    // Its own running import is still the answer an account gets, busy or not.
    expect(refusal(() => gate.admit('b')).status).toBe(409);
    expect(gate.running()).toBe(2);
    releaseA();
    releaseA(); // a second release frees nothing more
    expect(gate.running()).toBe(1);
    const releaseC = gate.admit('c');
    expect(refusal(() => gate.admit('a')).status).toBe(503);
    releaseB();
    releaseC();
    expect(gate.running()).toBe(0);
    gate.admit('a');
  });
});
