import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type SinkMessage = { to: string; subject: string; text: string; html: string; raw: string };

export type SmtpSink = {
  url: string;
  port: number;
  messages: SinkMessage[];
  /** Resolves with the first message (already received or yet to come) that matches. */
  waitFor(match: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  /** While true, every message is refused with a temporary error, as a broken relay would. */
  setRefusing(refusing: boolean): void;
  /** Holds each message this long before accepting it; a sender gone by then never gets it accepted. */
  setDelay(ms: number): void;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps what it is sent, parsed. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters: { match: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }[] = [];
  let refusing = false;
  let delayMs = 0;
  const closed = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        if (closed.has(session.id)) return; // the sender died before we accepted: not delivered
        if (refusing) {
          const err = new Error('Service not available, try again later') as Error & {
            responseCode: number;
          };
          err.responseCode = 421;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to)
            ? parsed.to.map((a) => a.text).join(', ')
            : (parsed.to?.text ?? '');
          const message = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw,
          };
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (waiter.match(message)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(message);
            }
          }
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: SinkMessage) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    setRefusing(value) {
      refusing = value;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a verification mail. */
export function codeFrom(message: SinkMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}
