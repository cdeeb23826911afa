import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CONFIRMATION_HEADER, type Role } from '@dayframe/contracts';
import {
  createTokenIssuer,
  type SessionCheck,
  type TokenIssuer,
  type Tokens,
} from '@dayframe/service-kit/tokens';
import { testTokenKeys, type TokenKeys } from './token-keys.ts';

/** A user a test made up: its id, a token signed for it and that token's sign-in. */
export type TestUser = { id: string; token: string; sid: string };

/**
 * Real signed tokens and a session check that accepts every token they sign, for testing a
 * service behind `authenticate` without the identity service (whose concern sessions are).
 */
export type TestSessions = {
  /** The key pair: hand `keys.publicKey` to a service as `JWT_PUBLIC_KEY`. */
  keys: TokenKeys;
  tokens: TokenIssuer;
  checkSession: SessionCheck;
  /** A new user id and a token for it. */
  newUser(role?: Role): TestUser;
  /**
   * The headers of a guarded call (an export) for `user`'s session: a confirmation signed as
   * identity signs one after the password, fresh now.
   */
  confirmed(user: TestUser): Record<string, string>;
};

export function testSessions(keys: TokenKeys = testTokenKeys()): TestSessions {
  const tokens = createTokenIssuer(keys.signingKey);
  const checkSession: SessionCheck = async (_token, claims) => ({
    id: claims.sub,
    role: claims.role,
    verified: true,
  });
  return {
    keys,
    tokens,
    checkSession,
    newUser(role: Role = 'user') {
      const id = randomUUID();
      const sid = randomUUID();
      const sat = Math.floor(Date.now() / 1000);
      return { id, sid, token: tokens.sign({ sub: id, role, sv: 0, sid, sat }) };
    },
    confirmed(user) {
      const { confirmation } = tokens.signConfirmation({
        sub: user.id,
        sid: user.sid,
        sv: 0,
        amr: 'password',
      });
      return { [CONFIRMATION_HEADER]: confirmation };
    },
  };
}

/**
 * A stand-in for identity's internal HTTP contract, for services started in their own
 * process: `GET /internal/session` answers 200 `{ id, role, verified }` for a token `tokens`
 * accepts, 401 otherwise.
 */
export async function startFakeIdentity(
  tokens: Tokens,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const claims =
      req.url === '/internal/session' ? tokens.verify(bearerFrom(req.headers.authorization)) : null;
    res.setHeader('content-type', 'application/json');
    if (!claims) {
      res.statusCode = 401;
      res.end(JSON.stringify({ message: 'Please log in.', code: 'unauthorized' }));
      return;
    }
    res.end(JSON.stringify({ id: claims.sub, role: claims.role, verified: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function bearerFrom(header: string | undefined): string {
  return /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';
}
