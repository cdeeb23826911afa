import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newVapidPair } from './vapid-pair.ts';

describe('newVapidPair', () => {
  it('makes a P-256 pair whose public point is the private scalar’s, in base64url', () => {
    const pair = newVapidPair();
    const publicKey = Buffer.from(pair.VAPID_PUBLIC_KEY, 'base64url');
    const privateKey = Buffer.from(pair.VAPID_PRIVATE_KEY, 'base64url');
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    expect(privateKey).toHaveLength(32);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    expect(ecdh.getPublicKey().equals(publicKey)).toBe(true);
    expect(newVapidPair().VAPID_PRIVATE_KEY).not.toBe(pair.VAPID_PRIVATE_KEY);
  });
});
