import { WEB_KIT_PACKAGE } from '@dayframe/contracts';

/** What went wrong with a remote, in words for the person looking at its fallback. */
export type RemoteFailure = { title: string; detail: string };

// Module Federation's words when a remote needs a shared singleton (React, the router) in a
// version the shell does not provide.
const VERSION_MISMATCH =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/** Whether the lowest version `range` accepts (`^1.4.0` → 1.4.0) is above `version`. */
function isNewer(range: string, version: string): boolean {
  const parts = (text: string) => (/(\d+)\.(\d+)\.(\d+)/.exec(text) ?? []).slice(1).map(Number);
  const [wanted, have] = [parts(range), parts(version)];
  if (wanted.length !== 3 || have.length !== 3) return false;
  for (let i = 0; i < 3; i++) if (wanted[i] !== have[i]) return wanted[i]! > have[i]!;
  return false;
}

export function describeRemoteFailure(error: unknown): RemoteFailure {
  const message = error instanceof Error ? error.message : String(error);
  const mismatch = VERSION_MISMATCH.exec(message);
  if (mismatch) {
    const [, provided, module, needed] = mismatch;
    if (module === WEB_KIT_PACKAGE && isNewer(needed!, provided!)) {
      return {
        title: 'This part of Dayframe needs a newer version of the app.',
        detail: `It was built for web kit ${needed}, but this app provides ${provided}. It works once the app is updated; the rest of the app still works.`,
      };
    }
    return {
      title: 'This part of Dayframe was built for a different version of the app.',
      detail: `It needs ${module} ${needed}, but this app runs ${provided}. It has to be rebuilt and deployed again; the rest of the app still works.`,
    };
  }
  return REMOTE_UNAVAILABLE;
}

/** A remote that did not load or did not describe itself. */
export const REMOTE_UNAVAILABLE: RemoteFailure = {
  title: "This part of Dayframe couldn't load.",
  detail: 'The rest of the app still works. Check your connection and try again in a moment.',
};
