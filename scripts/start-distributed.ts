// `npm run start:distributed`: the distributed topology on loopback, until Ctrl-C. Each
// process's log lines are shown as they come, prefixed with its name.
import { logLine, startDistributed } from '@dayframe/launcher';

const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
);
const running = await startDistributed(env, {
  onLine: (name, line) => console.log(logLine(name, line)),
});
console.log(
  `Dayframe (distributed) on ${running.gatewayUrl}; processes: ${Object.entries(running.processes)
    .map(([n, p]) => `${n}:${p.port}`)
    .join(' ')}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
