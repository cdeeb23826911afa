import type { Context, Next } from 'koa';

/**
 * Headers every answer carries. The CSP allows no inline script and no plugins, and lets the
 * page load code only from this origin and the configured remote origins.
 */
export function securityHeaders(options: { remoteOrigins: () => Promise<string[]> }) {
  let policy = { origins: '', csp: contentSecurityPolicy([]) };
  return async function setSecurityHeaders(ctx: Context, next: Next) {
    const origins = await options.remoteOrigins();
    const key = origins.join(' ');
    if (key !== policy.origins) policy = { origins: key, csp: contentSecurityPolicy(origins) };
    ctx.set('Content-Security-Policy', policy.csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}

function contentSecurityPolicy(remoteOrigins: string[]): string {
  const extra = remoteOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${extra}`.trim(),
    `style-src 'self' ${extra}`.trim(),
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${extra}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** CORS for the configured origins only; any other origin gets no CORS headers at all. */
export function cors(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return async function corsMiddleware(ctx: Context, next: Next) {
    const origin = ctx.get('origin');
    if (!origin || !allowed.has(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
    // Paged lists say where the next page is, and how long the whole list is, in headers.
    ctx.set('Access-Control-Expose-Headers', 'Link, X-Total-Count, X-Request-Id');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
      ctx.set(
        'Access-Control-Allow-Headers',
        'authorization,content-type,x-request-id,x-confirmation',
      );
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    await next();
  };
}
