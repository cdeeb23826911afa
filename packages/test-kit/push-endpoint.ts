// A push service of our own on loopback, in the role Mozilla's or Google's plays for a browser:
// it hands out browser-like subscriptions, checks each push's VAPID signature (RFC 8292) and
// decrypts its body itself (RFC 8291 over RFC 8188), so a test sees the notification the
// browser would show. The crypto is written here from the RFCs with node:crypto, not taken
// from web-push, so a payload that decrypts is one two independent implementations agree on.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** What a browser's `PushSubscription.toJSON()` gives, and what the app posts to the server. */
export type BrowserPushSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

/** One push as the push service saw it: delivered (with its decrypted payload) or refused. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The status the push service answered: 201 when delivered. */
  status: number;
  /** The decrypted body, parsed as JSON (or the text when it is not JSON); only when delivered. */
  payload?: unknown;
  /** Why it was refused: a VAPID, encoding or decryption failure, or the answer asked for. */
  refused?: string;
  /** The VAPID public key (`k=`) the push was signed with, once its signature checked out. */
  vapidKey?: string;
  headers: IncomingHttpHeaders;
};

export type PushEndpoint = {
  /** `http://127.0.0.1:<port>`: the push service's origin, which VAPID's `aud` must name. */
  url: string;
  /** A fresh subscription (new P-256 key pair and auth secret), at `${url}/push/<name>`. */
  subscription(name?: string): BrowserPushSubscription;
  /** Every push so far, oldest first. */
  received(): ReceivedPush[];
  /** Answers every following push with this status (410 or 404: the subscription is gone); 201 delivers again. */
  answerWith(status: number): void;
  stop(): Promise<void>;
};

type Subscriber = { ecdh: ECDH; auth: Buffer };

/** What a push service accepts at most; a Web Push body is one 4 KB record and its header. */
const MAX_BODY = 8192;
/** RFC 8292 §2: a VAPID token that lives longer than a day is refused. */
const MAX_TOKEN_LIFE_S = 24 * 60 * 60;

/** Starts a real HTTP push service on 127.0.0.1 (a free port). */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  let answer = 201;
  let url = '';

  const server = createServer((req, res) => {
    const reply = (status: number) => {
      res.statusCode = status;
      res.end();
    };
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(404);
    const subscriptionId = match[1]!;
    readBody(req).then(
      (body) => {
        const push = receive(subscriptionId, req.headers, body);
        received.push(push);
        reply(push.status);
      },
      () => reply(413),
    );
  });

  function receive(subscriptionId: string, headers: IncomingHttpHeaders, body: Buffer) {
    const refuse = (status: number, refused: string): ReceivedPush => ({
      subscriptionId,
      status,
      refused,
      headers,
    });
    const subscriber = subscribers.get(subscriptionId);
    if (!subscriber) return refuse(404, 'no such subscription');
    if (answer !== 201) return refuse(answer, `answered ${answer} as asked`);
    let vapid: ReturnType<typeof checkVapid>;
    try {
      vapid = checkVapid(headers.authorization, url);
    } catch {
      vapid = { refused: 'malformed VAPID token or key' };
    }
    if ('refused' in vapid) return refuse(401, vapid.refused);
    if (headers['content-encoding'] !== 'aes128gcm')
      return refuse(415, 'Content-Encoding is not aes128gcm');
    if (!headers.ttl || !/^\d+$/.test(headers.ttl as string)) return refuse(400, 'no TTL');
    let plaintext: Buffer;
    try {
      plaintext = decryptWebPush(body, subscriber);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    const text = plaintext.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { subscriptionId, status: 201, payload, vapidKey: vapid.key, headers };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    subscription(name = randomBytes(9).toString('base64url')) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(name, { ecdh, auth });
      return {
        endpoint: `${url}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    received: () => [...received],
    answerWith(status) {
      answer = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error('too large'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by the key `k`
 * names, for this push service's origin, and not expired nor living longer than a day.
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): { key: string } | { refused: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { refused: 'no VAPID Authorization header' };
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { refused: 'k is not a P-256 public key' };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { refused: 'VAPID signature does not match k' };
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') return { refused: `VAPID alg is ${alg}, not ES256` };
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (aud !== origin) return { refused: `VAPID aud ${aud} is not ${origin}` };
  const now = Date.now() / 1000;
  if (typeof exp !== 'number' || exp <= now) return { refused: 'VAPID token expired' };
  if (exp > now + MAX_TOKEN_LIFE_S) return { refused: 'VAPID token lives longer than a day' };
  if (!/^(mailto:|https:)/.test(sub ?? ''))
    return { refused: 'VAPID sub is not mailto: or https:' };
  return { key };
}

/**
 * RFC 8291 §3.4 keys over an RFC 8188 aes128gcm body. The body starts with a header: salt (16),
 * record size (uint32), key id length (1) and key id, which Web Push makes the sender's
 * one-off P-256 public key. A Web Push message is a single record (RFC 8291 §4), so its
 * padding ends with the last-record delimiter 0x02.
 */
function decryptWebPush(body: Buffer, subscriber: Subscriber): Buffer {
  if (body.length < 21) throw new Error('body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('key id is not a P-256 public key');
  if (record.length > recordSize) throw new Error('more than one record');
  if (record.length < 17) throw new Error('record shorter than its tag');

  const uaPublic = subscriber.ecdh.getPublicKey();
  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = hkdf(ecdhSecret, subscriber.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // Padding is zeros after the delimiter: the delimiter is the last byte that is not zero.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end);
}

/** HKDF-SHA-256, extract then expand (RFC 5869). */
function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}
