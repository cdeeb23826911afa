import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/**
 * Whom the gateway believes about the client (`TRUST_PROXY`): nobody (`false`, the default),
 * any peer (`true`: only where nothing but the proxy can reach the gateway), or exactly the
 * addresses and CIDR ranges listed (`172.30.0.10`, `10.0.0.0/8,fd00::/8`).
 */
export type TrustProxy = boolean | readonly string[];

/** `TRUST_PROXY` as written: `true`, `false`, or comma-separated addresses and CIDRs; else why not. */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0)
    return {
      error: `must be true, false or comma-separated addresses or CIDRs (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
    };
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A test of a peer's address against the listed addresses and ranges (IPv4-mapped IPv6 included). */
export function trustedPeers(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The headers Koa reads when it trusts a proxy (`ctx.ip`, `ctx.protocol`, `ctx.host`). */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * With a list, Koa trusts `X-Forwarded-*` (`proxy: true`) and this middleware, run before
 * anything reads `ctx.ip`, removes them from a request whose socket peer is not listed: from
 * anyone else they are the client's own claims.
 */
export function forgetUntrustedForwarding(entries: readonly string[]) {
  const trusted = trustedPeers(entries);
  return async function untrustedForwarding(ctx: Context, next: Next) {
    if (!trusted(ctx.req.socket.remoteAddress))
      for (const name of FORWARDED) delete ctx.req.headers[name];
    await next();
  };
}
