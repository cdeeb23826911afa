/**
 * A name for a new passkey from the browser it is made in ("Chrome on Linux"), for the person
 * to keep or change. Only a guess: the user agent says the browser and system, not the device.
 */
export function guessDeviceName(userAgent: string = globalThis.navigator?.userAgent ?? ''): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Windows/.test(userAgent)
              ? 'Windows'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'My passkey';
}
