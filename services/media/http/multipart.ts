import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@dayframe/contracts';
import { badRequest, HttpError } from '@dayframe/service-kit/http';
import type { Upload } from '../add-media.ts';

/**
 * Reads a multipart body with busboy, as it arrives: the first file's stream is handed on as
 * soon as its part begins (nothing is buffered whole), fields are ignored, and a second file is
 * counted but never read. `stop()` unhooks the request from the parser, so a refused upload is
 * stored no further, and closes the connection shortly after the answer (see LINGER_MS).
 */
/**
 * How long a refused upload's connection stays open, unread, before it is cut. Cutting it at once,
 * with the client still sending, makes TCP reset the connection and the client may lose the
 * answer (413, 415, 409) already on its way; reading the rest would take in what was refused.
 * So the body is left unread (the client's sending stalls) while the answer goes out, then the
 * connection is closed.
 */
const LINGER_MS = 2_000;

export function readUpload(req: IncomingMessage): {
  file: Promise<Readable>;
  finished: Upload['finished'];
  stop(): void;
} {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        files: 1,
        // One byte past the limit, so the upload's own count sees it passed (413).
        fileSize: MEDIA_LIMITS.fileBytes + 1,
        fields: 20,
        fieldSize: 1024,
        parts: 21,
        headerPairs: 20,
      },
    });
  } catch {
    throw new HttpError(415, MEDIA_MESSAGES.notMultipart, 'unsupported_media_type');
  }
  let files = 0;
  let stopped = false;
  const file = new Promise<Readable>((resolve, reject) => {
    parser.on('file', (_field, stream) => {
      files++;
      resolve(stream);
    });
    parser.on('close', () => reject(badRequest(MEDIA_MESSAGES.noFile, 'no_file')));
    parser.on('error', () => reject(badRequest(MEDIA_MESSAGES.notMultipart, 'bad_multipart')));
  });
  parser.on('filesLimit', () => files++);
  const finished = new Promise<{ files: number }>((resolve, reject) => {
    parser.on('close', () => resolve({ files }));
    parser.on('error', () => reject(badRequest(MEDIA_MESSAGES.notMultipart, 'bad_multipart')));
  });
  // Either may go unawaited when the other already ended the request.
  file.catch(() => undefined);
  finished.catch(() => undefined);
  req.on('aborted', () => parser.destroy(new Error('request aborted')));
  req.pipe(parser);
  return {
    file,
    finished,
    stop() {
      if (stopped) return;
      stopped = true;
      req.unpipe(parser);
      parser.destroy();
      leaveUnread(req);
    },
  };
}

/**
 * Reads no more of a refused request's body and closes its connection once the answer has had
 * LINGER_MS to leave: for a refusal mid-upload, and for one refused before its body is read
 * (too many uploads), which Node would otherwise read to the end to keep the connection.
 */
export function leaveUnread(req: IncomingMessage): void {
  if (req.complete) return; // all of it arrived: the connection may serve the next request
  req.pause();
  const cut = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, LINGER_MS);
  cut.unref();
  req.socket.once('close', () => clearTimeout(cut));
}
