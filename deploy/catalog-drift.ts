// Where the deployment files disagree with the service catalog, as lists of problems (an empty
// list: they agree), and where their networks let in more or fewer parts than the catalog's callers.
// catalog.test.ts runs each on the shipped files and on broken copies.
import {
  GATEWAY,
  MAILER,
  SERVICES,
  internalCallersOf,
  service,
  type ServiceName,
} from '@dayframe/catalog';
import { containers, podTemplate, type K8sObject } from './kubernetes/render.ts';

type ComposeService = {
  environment?: Record<string, string | number>;
  build?: { args?: Record<string, string> };
};
export type ComposeFile = { services: Record<string, ComposeService> };

/** `http://journals:3002`: how a service is reached inside compose or a cluster. */
const inside = (name: ServiceName) => `http://${name}:${service(name).port}`;
const folderOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/'));

/** The settings a process must see, by what its catalog row says. */
function expectedSettings(row: (typeof SERVICES)[number]) {
  return {
    urls: Object.fromEntries(row.calls.map((callee) => [service(callee).urlVar, inside(callee)])),
    database: row.ownsDatabase,
    redis: row.usesRedis,
  };
}

export function composeDrift(file: ComposeFile): string[] {
  const problems: string[] = [];
  const check = (name: string, port: number, entry: string) => {
    const found = file.services[name];
    if (!found) {
      problems.push(`compose has no service ${name}`);
      return undefined;
    }
    const env = found.environment ?? {};
    if (String(env.PORT) !== String(port))
      problems.push(`compose ${name}: PORT is ${env.PORT}, the catalog says ${port}`);
    const workspace = found.build?.args?.WORKSPACE;
    if (workspace !== folderOf(entry))
      problems.push(`compose ${name}: builds ${workspace}, the catalog says ${folderOf(entry)}`);
    return env;
  };
  for (const row of SERVICES) {
    const env = check(row.name, row.port, row.entry);
    if (!env) continue;
    const expected = expectedSettings(row);
    for (const [urlVar, url] of Object.entries(expected.urls)) {
      if (env[urlVar] !== url)
        problems.push(`compose ${row.name}: ${urlVar} is ${env[urlVar]}, the catalog says ${url}`);
    }
    if ('DATABASE_URL' in env !== expected.database)
      problems.push(`compose ${row.name}: DATABASE_URL ${expected.database ? 'missing' : 'set'}`);
    if ('REDIS_URL' in env !== expected.redis)
      problems.push(`compose ${row.name}: REDIS_URL ${expected.redis ? 'missing' : 'set'}`);
  }
  check(MAILER.name, MAILER.port, MAILER.entry);
  const gateway = check(GATEWAY.name, GATEWAY.port, GATEWAY.entry);
  for (const row of SERVICES) {
    if (gateway && gateway[row.urlVar] !== inside(row.name))
      problems.push(
        `compose gateway: ${row.urlVar} is ${gateway[row.urlVar]}, the catalog says ${inside(row.name)}`,
      );
  }
  return problems;
}

type EnvVar = { name: string; value?: string; valueFrom?: unknown };
type K8sContainer = { name: string; ports?: { containerPort: number }[]; env?: EnvVar[] };

export function kubernetesDrift(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const check = (name: string, port: number) => {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
    const svc = objects.find((o) => o.kind === 'Service' && o.metadata.name === name) as
      (K8sObject & { spec?: { ports?: { port: number }[] } }) | undefined;
    if (!deployment) {
      problems.push(`Kubernetes has no Deployment ${name}`);
      return undefined;
    }
    if (name !== MAILER.name && svc?.spec?.ports?.[0]?.port !== port)
      problems.push(
        `Kubernetes Service ${name}: port ${svc?.spec?.ports?.[0]?.port}, the catalog says ${port}`,
      );
    const container = (containers(podTemplate(deployment)!.spec) as K8sContainer[]).find(
      (c) => c.name === name,
    );
    if (container?.ports?.[0]?.containerPort !== port)
      problems.push(
        `Kubernetes ${name}: containerPort ${container?.ports?.[0]?.containerPort}, the catalog says ${port}`,
      );
    const env = new Map((container?.env ?? []).map((v) => [v.name, v]));
    if (env.get('PORT')?.value !== String(port))
      problems.push(
        `Kubernetes ${name}: PORT is ${env.get('PORT')?.value}, the catalog says ${port}`,
      );
    return env;
  };
  for (const row of SERVICES) {
    const env = check(row.name, row.port);
    if (!env) continue;
    const expected = expectedSettings(row);
    for (const [urlVar, url] of Object.entries(expected.urls)) {
      if (env.get(urlVar)?.value !== url)
        problems.push(
          `Kubernetes ${row.name}: ${urlVar} is ${env.get(urlVar)?.value}, the catalog says ${url}`,
        );
    }
    if (env.has('DATABASE_URL') !== expected.database)
      problems.push(
        `Kubernetes ${row.name}: DATABASE_URL ${expected.database ? 'missing' : 'set'}`,
      );
  }
  check(MAILER.name, MAILER.port);
  const gateway = check(GATEWAY.name, GATEWAY.port);
  for (const row of SERVICES) {
    if (gateway && gateway.get(row.urlVar)?.value !== inside(row.name))
      problems.push(
        `Kubernetes gateway: ${row.urlVar} is ${gateway.get(row.urlVar)?.value}, the catalog says ${inside(row.name)}`,
      );
  }
  return problems;
}

/**
 * Which parts may open a connection to each service, as the catalog says: the gateway (its
 * `/api`) and the callers of its internal endpoints. A caller and its callee sharing a compose
 * network reach each other both ways, so compose also lets a service reach those it calls.
 */
function expectedPeers(row: (typeof SERVICES)[number], bothWays: boolean): string[] {
  const peers = new Set<string>([GATEWAY.name, ...internalCallersOf(row.name)]);
  if (bothWays) {
    for (const callee of row.calls) peers.add(callee);
    if (row.ownsDatabase) peers.add('mysql');
    if (row.usesRedis) peers.add('redis');
  }
  return [...peers].sort();
}

type ComposeNetworks = { networks?: string[] | Record<string, unknown> };

/**
 * Compose: who shares a network with each service (a container without `networks` is on
 * `default`) against the catalog; and the mailer and the web containers reach no service.
 */
export function composeNetworkDrift(file: {
  services: Record<string, ComposeService & ComposeNetworks>;
}): string[] {
  const networksOf = (name: string) => {
    const networks = file.services[name]?.networks;
    if (!networks) return ['default'];
    return Array.isArray(networks) ? networks : Object.keys(networks);
  };
  const peersOf = (name: string) =>
    Object.keys(file.services)
      .filter(
        (other) => other !== name && networksOf(other).some((n) => networksOf(name).includes(n)),
      )
      .sort();
  const problems: string[] = [];
  for (const row of SERVICES) {
    const found = peersOf(row.name);
    const expected = expectedPeers(row, true);
    if (found.join() !== expected.join())
      problems.push(
        `compose ${row.name}: reachable from ${found.join(', ')}; the catalog says ${expected.join(', ')}`,
      );
  }
  const services = new Set<string>(SERVICES.map((s) => s.name));
  for (const name of Object.keys(file.services).filter(
    (n) => n === MAILER.name || /^(shell|mfe-)/.test(n),
  )) {
    const reached = peersOf(name).filter((peer) => services.has(peer));
    if (reached.length > 0) problems.push(`compose ${name}: reaches ${reached.join(', ')}`);
  }
  return problems;
}

type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
};
type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: unknown };
type Rule = { from?: Peer[]; to?: Peer[]; ports?: { port?: number }[] };
type PolicySpec = {
  podSelector: Selector;
  policyTypes?: ('Ingress' | 'Egress')[];
  ingress?: Rule[];
  egress?: Rule[];
};

const NAME_LABEL = 'app.kubernetes.io/name';

/** Whether `selector` picks the pods of app `app` (by their name label, as every manifest has). */
function selects(selector: Selector, app: string): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (key !== NAME_LABEL || value !== app) return false;
  for (const e of selector.matchExpressions ?? []) {
    if (e.key !== NAME_LABEL) return false;
    const has = (e.values ?? []).includes(app);
    if ((e.operator === 'In' && !has) || (e.operator === 'NotIn' && has)) return false;
  }
  return true;
}

/**
 * Whether the policies let `from` open a connection to `to` on `port`, as Kubernetes reads them:
 * a direction is open unless some policy of that type selects the pod, then only where a rule
 * of one of those policies names the peer (a pod selector of this namespace) and the port.
 */
function allowed(policies: PolicySpec[], from: string, to: string, port: number): boolean {
  const side = (pod: string, peer: string, type: 'Ingress' | 'Egress') => {
    const mine = policies.filter(
      (p) => (p.policyTypes ?? ['Ingress']).includes(type) && selects(p.podSelector, pod),
    );
    if (mine.length === 0) return true;
    return mine.some((p) =>
      (type === 'Ingress' ? p.ingress : p.egress)?.some(
        (rule) =>
          (rule.ports === undefined ||
            rule.ports.some((r) => r.port === undefined || r.port === port)) &&
          ((type === 'Ingress' ? rule.from : rule.to) ?? []).some(
            (p) =>
              p.podSelector !== undefined && !p.namespaceSelector && selects(p.podSelector, peer),
          ),
      ),
    );
  };
  return side(to, from, 'Ingress') && side(from, to, 'Egress');
}

/**
 * Kubernetes: which of the Deployments may open a connection to each service's port under the
 * NetworkPolicies, against the catalog (the gateway and the callers of its internal endpoints).
 */
export function networkPolicyDrift(objects: K8sObject[]): string[] {
  const policies = objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .map((o) => o.spec as PolicySpec);
  const apps = objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
  const problems: string[] = [];
  for (const row of SERVICES) {
    const found = apps
      .filter((app) => app !== row.name && allowed(policies, app, row.name, row.port))
      .sort();
    const expected = expectedPeers(row, false);
    if (found.join() !== expected.join())
      problems.push(
        `Kubernetes ${row.name}: reachable from ${found.join(', ')}; the catalog says ${expected.join(', ')}`,
      );
  }
  return problems;
}
