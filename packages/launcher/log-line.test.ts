import { describe, expect, it } from 'vitest';
import { logLine } from './log-line.ts';

describe('a process log line for a person', () => {
  it('shows a pino record as level, message and its other fields, after the process name', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1,
      pid: 7,
      hostname: 'h',
      name: 'identity',
      msg: 'identity listening',
      port: 3001,
      err: { message: 'x' },
    });
    expect(logLine('identity', line)).toBe(
      'identity | INFO identity listening port=3001 err={"message":"x"}',
    );
  });

  it('keeps any other line as it is, after the prefix', () => {
    expect(logLine('mailer', 'plain text {')).toBe('mailer   | plain text {');
    expect(logLine('gateway', '[1,2]')).toBe('gateway  | [1,2]');
  });
});
