import { describe, expect, it } from 'vitest';
import { manualClock } from '../http/clock.ts';
import { cachedSessionCheck, SESSION_TRUST_MS } from './session-cache.ts';
import type { TokenClaims } from './tokens.ts';

const claims: TokenClaims = { sub: 'u1', role: 'user', sv: 0, sid: 's1', iat: 0, exp: 1e12 };
const alice = { id: 'u1', role: 'user' as const, verified: true };

/** A session check over a live/revoked switch, counting how often it is really asked. */
function fakeIdentity() {
  const state = { live: true, asked: 0, hold: null as Promise<void> | null };
  const check = async () => {
    state.asked++;
    const live = state.live; // read now, like a query would
    if (state.hold) await state.hold;
    return live ? alice : null;
  };
  return { state, check };
}

describe('cachedSessionCheck', () => {
  it('asks once for a burst of calls, and again once SESSION_TRUST_MS has passed', async () => {
    const clock = manualClock(1_000);
    const { state, check } = fakeIdentity();
    const cached = cachedSessionCheck(check, { now: clock.now });
    for (let i = 0; i < 5; i++) expect(await cached('t', claims)).toEqual(alice);
    expect(state.asked).toBe(1);
    state.live = false;
    clock.advance(SESSION_TRUST_MS - 1);
    expect(await cached('t', claims)).toEqual(alice);
    clock.advance(1);
    expect(await cached('t', claims)).toBeNull();
    expect(state.asked).toBe(2);
    expect(SESSION_TRUST_MS).toBeLessThanOrEqual(1_000);
  });

  it('never remembers a refusal, and forgets a user at once when told', async () => {
    const clock = manualClock(1_000);
    const { state, check } = fakeIdentity();
    const cached = cachedSessionCheck(check, { now: clock.now });
    state.live = false;
    expect(await cached('t', claims)).toBeNull();
    state.live = true;
    expect(await cached('t', claims)).toEqual(alice);
    state.live = false;
    cached.forget('someone else');
    expect(await cached('t', claims)).toEqual(alice);
    cached.forget('u1');
    expect(await cached('t', claims)).toBeNull();
  });

  it('does not keep an answer read before a change that was told while it was in flight', async () => {
    const clock = manualClock(1_000);
    const { state, check } = fakeIdentity();
    const cached = cachedSessionCheck(check, { now: clock.now });
    let release!: () => void;
    state.hold = new Promise((r) => (release = r));
    const early = cached('t', claims); // reads "live", then waits
    clock.advance(1);
    state.live = false;
    cached.forget('u1');
    state.hold = null;
    // Asked after the change: a lookup of its own, not the one in flight.
    expect(await cached('t', claims)).toBeNull();
    release();
    expect(await early).toEqual(alice);
    // The early answer was not kept.
    expect(await cached('t', claims)).toBeNull();
  });
});
