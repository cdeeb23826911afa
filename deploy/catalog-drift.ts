// Where the deployment files disagree with the service catalog, as lists of problems (an empty
// list: they agree). catalog.test.ts runs both on the shipped files and on broken copies.
import { GATEWAY, MAILER, SERVICES, service, type ServiceName } from '@dayframe/catalog';
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
