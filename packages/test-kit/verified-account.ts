import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@dayframe/contracts';
import { apiClient } from './http.ts';
import { codeFrom, type SmtpSink } from './smtp-sink.ts';

/**
 * Any client that sends JSON and answers status and parsed body: test-kit's `apiClient`, the
 * security suite's `httpClient`, or an adapter over another.
 */
export type AccountClient = {
  call(
    method: string,
    path: string,
    options?: { body?: unknown },
  ): Promise<{ status: number; body: any; text?: string }>;
};

/** Where a test reads the code mailed to `email`: waits for it, answers its six digits. */
export type CodeReader = (email: string) => Promise<string>;

export type NewAccount = { name: string; email: string; password?: string };

export type VerifiedAccount = {
  /** The session token code verification answered. */
  token: string;
  user: User;
  name: string;
  email: string;
  password: string;
};

export const ACCOUNT_PASSWORD = 'correct horse battery';

/**
 * An account as a real user makes one: sign up, have a code sent, read it where the test's
 * mail goes (`readCode`), verify. Throws, naming the step, when a step does not answer as it
 * should. `api` is a base URL or a client of the test's own (its source address, its agent).
 *
 * @example
 * const { token, user } = await verifiedAccount(gatewayUrl, { name: 'Ann', email }, sinkCode(sink));
 */
export async function verifiedAccount(
  api: string | AccountClient,
  account: NewAccount,
  readCode: CodeReader,
): Promise<VerifiedAccount> {
  const client = typeof api === 'string' ? apiClient(api) : api;
  const { name, email, password = ACCOUNT_PASSWORD } = account;
  const step = async (what: string, path: string, body: unknown, status: number) => {
    const reply = await client.call('POST', path, { body });
    if (reply.status !== status)
      throw new Error(
        `${what} ${email}: ${reply.status} ${reply.text ?? JSON.stringify(reply.body)}`,
      );
    return reply.body;
  };
  await step('sign-up', '/api/auth/signup', { name, email, password }, 201);
  await step('send code', '/api/auth/otp/send', { email }, 200);
  const otp = await readCode(email);
  const verified = await step('verify', '/api/auth/otp/verify', { email, otp }, 200);
  return { token: verified.token, user: verified.user, name, email, password };
}

/** Codes from a real SMTP sink: the first mail to the address. */
export function sinkCode(sink: SmtpSink, timeoutMs?: number): CodeReader {
  return async (email) => codeFrom(await sink.waitFor((m) => m.to.includes(email), timeoutMs));
}

/**
 * The embedded topology's development outbox (`<dataDir>/outbox`, one JSON file a mail, named
 * so they sort oldest first), read as the mailer writes it.
 */
export type Outbox = {
  /** The codes mailed to `email` so far, oldest first; notices without a code are skipped. */
  codesMailedTo(email: string): string[];
  /** Waits, `timeoutMs` at most, for more than `known` codes mailed to `email`; the newest. */
  codeAfter(email: string, known: number, timeoutMs?: number): Promise<string>;
  /** The latest code mailed to `email`, waiting for a first one: a {@link CodeReader}. */
  code: CodeReader;
};

export function outbox(dataDir: string): Outbox {
  const dir = join(dataDir, 'outbox');
  function codesMailedTo(email: string): string[] {
    let files: string[];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return []; // no outbox yet
    }
    const codes: string[] = [];
    for (const file of files) {
      let mail: { to?: string; text?: string };
      try {
        mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      } catch {
        break; // still being written: read again on the next poll
      }
      const code = mail.to === email ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : undefined;
      if (code) codes.push(code);
    }
    return codes;
  }
  async function codeAfter(email: string, known: number, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const codes = codesMailedTo(email);
      if (codes.length > known) return codes[codes.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no new mail to ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { codesMailedTo, codeAfter, code: (email) => codeAfter(email, 0) };
}
