/** What went wrong with a remote, in words for the person looking at its fallback. */
export type RemoteFailure = { title: string; detail: string };

// Module Federation's words when a remote needs a shared singleton (React, the router) in a
// version the shell does not provide.
const VERSION_MISMATCH =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

export function describeRemoteFailure(error: unknown): RemoteFailure {
  const message = error instanceof Error ? error.message : String(error);
  const mismatch = VERSION_MISMATCH.exec(message);
  if (mismatch) {
    const [, provided, module, needed] = mismatch;
    return {
      title: 'This part of Dayframe was built for a different version of the app.',
      detail: `It needs ${module} ${needed}, but this app runs ${provided}. It has to be rebuilt and deployed again; the rest of the app still works.`,
    };
  }
  return {
    title: "This part of Dayframe couldn't load.",
    detail: 'The rest of the app still works. Check your connection and try again in a moment.',
  };
}
