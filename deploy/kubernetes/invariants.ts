// The rules every rendered Dayframe installation must keep, as functions that list what breaks
// them (an empty list: the rule holds). manifests.test.ts runs each on the shipped overlays and on
// a deliberately broken copy.
import { containers, podTemplate, splitImage, type K8sObject } from './render.ts';

type Probe = { httpGet?: { path?: string; port?: string | number } };
type Container = {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: {
    requests?: { cpu?: string; memory?: string };
    limits?: { cpu?: string; memory?: string };
  };
  securityContext?: {
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  env?: {
    name: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string };
      configMapKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
};
type PodSpec = {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers?: Container[];
  initContainers?: Container[];
  volumes?: { name: string; secret?: { secretName: string }; configMap?: { name: string } }[];
};
type LabelSelector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
};

/** A Secret the operator creates (deploy/kubernetes/README.md), with the keys it holds. */
export type OperatorSecret = { name: string; keys: string[] };

const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => podTemplate(o) !== undefined) as (K8sObject & {
    spec: { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } };
  })[];
const id = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
const podContainers = (o: K8sObject) => containers(podTemplate(o)!.spec) as Container[];

/** Both probes on every container; Node processes answer readiness on /readyz. */
export function probeProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    if (w.kind === 'Job') continue;
    // The nginx front ends have no dependency to be ready for; every Node process has /readyz.
    const component = w.spec.template.metadata.labels['app.kubernetes.io/component'];
    const node = component !== 'shell' && component !== 'remote';
    for (const c of w.spec.template.spec.containers ?? []) {
      if (!c.livenessProbe?.httpGet) problems.push(`${id(w)} ${c.name}: no liveness probe`);
      if (!c.readinessProbe?.httpGet) problems.push(`${id(w)} ${c.name}: no readiness probe`);
      if (node && c.readinessProbe?.httpGet && c.readinessProbe.httpGet.path !== '/readyz')
        problems.push(`${id(w)} ${c.name}: readiness is not /readyz`);
      if (c.livenessProbe?.httpGet && c.livenessProbe.httpGet.path !== '/healthz')
        problems.push(`${id(w)} ${c.name}: liveness is not /healthz`);
    }
  }
  return problems;
}

/** Requests and limits, CPU and memory, on every container. */
export function resourceProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    for (const c of podContainers(w)) {
      for (const kind of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory'] as const) {
          if (!c.resources?.[kind]?.[resource])
            problems.push(`${id(w)} ${c.name}: no ${resource} ${kind}`);
        }
      }
    }
  }
  return problems;
}

/** Non-root, read-only root filesystem, no privilege escalation, no capabilities. */
export function securityProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    const pod = w.spec.template.spec.securityContext;
    for (const c of podContainers(w)) {
      const sc = c.securityContext;
      const nonRoot = sc?.runAsNonRoot ?? pod?.runAsNonRoot;
      if (nonRoot !== true) problems.push(`${id(w)} ${c.name}: may run as root`);
      if (pod?.runAsUser === 0) problems.push(`${id(w)}: runAsUser 0`);
      if (sc?.readOnlyRootFilesystem !== true)
        problems.push(`${id(w)} ${c.name}: root filesystem is writable`);
      if (sc?.allowPrivilegeEscalation !== false)
        problems.push(`${id(w)} ${c.name}: privilege escalation allowed`);
      if (!sc?.capabilities?.drop?.includes('ALL'))
        problems.push(`${id(w)} ${c.name}: capabilities not all dropped`);
    }
  }
  return problems;
}

/** Every image carries a version tag or a digest, never `latest` or nothing. */
export function imageProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    for (const c of podContainers(w)) {
      const [, tag] = splitImage(c.image ?? '');
      if (c.image?.includes('@sha256:')) continue;
      if (!tag || tag === 'latest')
        problems.push(`${id(w)} ${c.name}: image ${c.image} not pinned`);
    }
  }
  return problems;
}

/**
 * Every Secret and ConfigMap a pod or the Ingress names exists among the rendered objects or in
 * the operator's list, with the key asked for.
 */
export function referenceProblems(
  objects: K8sObject[],
  operatorSecrets: OperatorSecret[],
): string[] {
  const problems: string[] = [];
  const keysOf = (kind: 'Secret' | 'ConfigMap', name: string): string[] | undefined => {
    const rendered = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (rendered)
      return Object.keys({ ...(rendered.data as object), ...(rendered.stringData as object) });
    if (kind === 'Secret') return operatorSecrets.find((s) => s.name === name)?.keys;
    return undefined;
  };
  const check = (where: string, kind: 'Secret' | 'ConfigMap', name: string, key?: string) => {
    const keys = keysOf(kind, name);
    if (!keys) problems.push(`${where}: ${kind} ${name} does not exist`);
    else if (key !== undefined && !keys.includes(key))
      problems.push(`${where}: ${kind} ${name} has no key ${key}`);
  };
  for (const w of workloads(objects)) {
    const spec = w.spec.template.spec;
    for (const c of podContainers(w)) {
      for (const env of c.env ?? []) {
        const s = env.valueFrom?.secretKeyRef;
        const m = env.valueFrom?.configMapKeyRef;
        if (s) check(`${id(w)} ${env.name}`, 'Secret', s.name, s.key);
        if (m) check(`${id(w)} ${env.name}`, 'ConfigMap', m.name, m.key);
      }
      for (const from of c.envFrom ?? []) {
        if (from.secretRef) check(id(w), 'Secret', from.secretRef.name);
        if (from.configMapRef) check(id(w), 'ConfigMap', from.configMapRef.name);
      }
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.secret) check(id(w), 'Secret', volume.secret.secretName);
      if (volume.configMap) check(id(w), 'ConfigMap', volume.configMap.name);
    }
  }
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    const tls = (ingress.spec as { tls?: { secretName?: string }[] }).tls ?? [];
    for (const t of tls) if (t.secretName) check(id(ingress), 'Secret', t.secretName);
  }
  return problems;
}

/**
 * Every Service selects the pods of a workload and targets a port they declare; every Ingress
 * backend, HPA and PDB points at something that exists.
 */
export function wiringProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const ws = workloads(objects);
  const services = objects.filter((o) => o.kind === 'Service');
  for (const service of services) {
    const spec = service.spec as {
      selector?: Record<string, string>;
      ports?: { name?: string; port: number; targetPort?: string | number }[];
    };
    const selected = ws.filter(
      (w) =>
        spec.selector && selects({ matchLabels: spec.selector }, w.spec.template.metadata.labels),
    );
    if (selected.length === 0) {
      problems.push(`${id(service)} selects no workload's pods`);
      continue;
    }
    for (const port of spec.ports ?? []) {
      const target = port.targetPort ?? port.port;
      const declared = selected.some((w) =>
        podContainers(w).some((c) =>
          (c.ports ?? []).some((p) => p.name === target || p.containerPort === target),
        ),
      );
      if (!declared) problems.push(`${id(service)} targets port ${target} no pod declares`);
    }
  }
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    const rules = (
      ingress.spec as {
        rules?: { http?: { paths: { backend: { service?: { name: string } } }[] } }[];
      }
    ).rules;
    for (const path of (rules ?? []).flatMap((r) => r.http?.paths ?? [])) {
      const name = path.backend.service?.name;
      if (name && !services.some((s) => s.metadata.name === name))
        problems.push(`${id(ingress)} routes to missing Service ${name}`);
    }
  }
  for (const o of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
    const target = (o.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
    if (!ws.some((w) => w.kind === target.kind && w.metadata.name === target.name))
      problems.push(`${id(o)} scales missing ${target.kind}/${target.name}`);
  }
  for (const o of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    const selector = (o.spec as { selector: LabelSelector }).selector;
    if (!ws.some((w) => selects(selector, w.spec.template.metadata.labels)))
      problems.push(`${id(o)} selects no workload's pods`);
  }
  return problems;
}

/**
 * A default-deny policy (every pod, ingress and egress) exists, and every workload's pods are
 * also chosen by name by at least one policy that opens what they need.
 */
export function networkProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as (K8sObject & {
    spec: {
      podSelector: LabelSelector;
      policyTypes?: string[];
      ingress?: unknown[];
      egress?: unknown[];
    };
  })[];
  const selectsAll = (s: LabelSelector) =>
    Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0;
  const denyAll = policies.some(
    (p) =>
      selectsAll(p.spec.podSelector) &&
      p.spec.policyTypes?.includes('Ingress') &&
      p.spec.policyTypes?.includes('Egress') &&
      !p.spec.ingress?.length &&
      !p.spec.egress?.length,
  );
  if (!denyAll) problems.push('no default-deny NetworkPolicy for ingress and egress');
  for (const w of workloads(objects)) {
    const labels = w.spec.template.metadata.labels;
    const covered = policies.some(
      (p) => !selectsAll(p.spec.podSelector) && selects(p.spec.podSelector, labels),
    );
    if (!covered) problems.push(`${id(w)}: no NetworkPolicy chooses its pods`);
  }
  return problems;
}

/** Kubernetes label-selector semantics (matchLabels and the four operators). */
export function selects(selector: LabelSelector, labels: Record<string, string> = {}): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (labels[key] !== value) return false;
  }
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    const ok =
      operator === 'In'
        ? has && values.includes(labels[key]!)
        : operator === 'NotIn'
          ? !has || !values.includes(labels[key]!)
          : operator === 'Exists'
            ? has
            : operator === 'DoesNotExist'
              ? !has
              : false;
    if (!ok) return false;
  }
  return true;
}

/** The Secrets README.md tells the operator to create: `kubectl ... create secret ... NAME --from-...=KEY`. */
export function operatorSecretsFromReadme(markdown: string): OperatorSecret[] {
  const secrets: OperatorSecret[] = [];
  for (const line of markdown.split('\n')) {
    const match = /kubectl .*create secret (generic|tls) (\S+)(.*)$/.exec(line);
    if (!match) continue;
    const keys =
      match[1] === 'tls'
        ? ['tls.crt', 'tls.key']
        : [...match[3]!.matchAll(/--from-(?:literal|file)=([A-Za-z0-9_.-]+)=/g)].map((m) => m[1]!);
    secrets.push({ name: match[2]!, keys });
  }
  return secrets;
}
