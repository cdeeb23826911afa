// `npm run start:distributed`: the distributed topology on loopback, until Ctrl-C.
import { startDistributed } from './distributed.ts';

const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
);
const running = await startDistributed(env);
console.log(
  `Dayframe (distributed) on ${running.gatewayUrl}; processes: ${Object.entries(running.processes)
    .map(([n, p]) => `${n}:${p.port}`)
    .join(' ')}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
