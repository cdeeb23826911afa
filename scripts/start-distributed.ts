// `npm run start:distributed`: the distributed topology on loopback, until Ctrl-C. Each
// process's log lines are shown as they come, prefixed with its name. With REDIS_ADMIN_URL each
// process that uses Redis connects as a Redis user of its own, made for this run.
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
console.log(
  running.redisUsers
    ? `Redis: a user per process for this run (${Object.values(running.redisUsers.names).join(', ')}), deleted on exit`
    : 'Redis: every process shares REDIS_URL (set REDIS_ADMIN_URL instead for a Redis user per process)',
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
