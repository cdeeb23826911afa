import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const KEY = Buffer.from('unsubscribe-token-test-key-of-32-bytes!!');

describe('the unsubscribe token', () => {
  it('names the account and kind it was made for, in base64url, the same every time', () => {
    const token = unsubscribeToken(KEY, 'user-1', 'daily');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeToken(KEY, 'user-1', 'daily')).toBe(token);
    expect(readUnsubscribeToken(KEY, token)).toEqual({ userId: 'user-1', kind: 'daily' });
    expect(readUnsubscribeToken(KEY, unsubscribeToken(KEY, 'user-1', 'weekly'))).toEqual({
      userId: 'user-1',
      kind: 'weekly',
    });
  });

  it('refuses every altered character, in the payload and in the mac', () => {
    const token = unsubscribeToken(KEY, 'user-1', 'daily');
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(readUnsubscribeToken(KEY, altered), `character ${i}`).toBeNull();
    }
  });

  it("refuses another kind's or account's payload under this kind's mac", () => {
    const daily = unsubscribeToken(KEY, 'user-1', 'daily');
    const weekly = unsubscribeToken(KEY, 'user-1', 'weekly');
    const other = unsubscribeToken(KEY, 'user-2', 'daily');
    const [dailyPayload, dailyMac] = daily.split('.');
    const [weeklyPayload, weeklyMac] = weekly.split('.');
    expect(readUnsubscribeToken(KEY, `${weeklyPayload}.${dailyMac}`)).toBeNull();
    expect(readUnsubscribeToken(KEY, `${dailyPayload}.${weeklyMac}`)).toBeNull();
    expect(readUnsubscribeToken(KEY, `${other.split('.')[0]}.${dailyMac}`)).toBeNull();
  });

  it('refuses one signed with another key, and anything malformed', () => {
    const otherKey = Buffer.from('another-key-of-at-least-thirty-two-bytes');
    expect(readUnsubscribeToken(KEY, unsubscribeToken(otherKey, 'user-1', 'daily'))).toBeNull();
    const mac = unsubscribeToken(KEY, 'user-1', 'daily').split('.')[1];
    const payload = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      undefined,
      ['a', 'b'],
      '',
      '.',
      'no-dot-at-all',
      `${payload('daily.user-1')}.${mac}.extra`,
      `${payload('daily.user-1')}.${mac}=`,
      `${payload('monthly.user-1')}.${mac}`,
      `${payload('daily.')}.${mac}`,
      `${payload('daily')}.${mac}`,
      `${payload('daily.user-1')}.short`,
      'x'.repeat(500),
    ])
      expect(readUnsubscribeToken(KEY, bad), JSON.stringify(bad)).toBeNull();
  });
});
