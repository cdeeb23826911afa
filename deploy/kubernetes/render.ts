// A small renderer for the subset of kustomize that deploy/kubernetes uses, so that `npm test`
// can check what `kubectl apply -k` would apply without kubectl or a cluster. It refuses any
// kustomization field it does not implement rather than ignoring it: an overlay that relies on
// something this file does not do fails the test instead of being validated half-rendered.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

/** A Kubernetes object as parsed from YAML. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<
    string,
    unknown
  >;
  [field: string]: unknown;
};

type Generator = {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  literals?: string[];
};

type Kustomization = {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  labels?: {
    pairs: Record<string, string>;
    includeSelectors?: boolean;
    includeTemplates?: boolean;
  }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  patches?: { path?: string; patch?: string }[];
  configMapGenerator?: Generator[];
  generatorOptions?: { disableNameSuffixHash?: boolean };
};

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'patches',
  'configMapGenerator',
  'generatorOptions',
]);

/** Kinds whose objects live in a namespace (every kind deploy/kubernetes uses but Namespace). */
const CLUSTER_SCOPED = new Set(['Namespace']);

/** Kinds with a pod template at spec.template. */
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

/** Renders a kustomization directory to the list of objects `kubectl apply -k` would send. */
export function renderKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`no kustomization.yaml in ${dir}`);
  const k = yaml.load(readFileSync(file, 'utf8')) as Kustomization;
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key)) throw new Error(`${file}: "${key}" is not supported by render.ts`);
  }

  const only = (where: string, item: object, keys: string[]) => {
    for (const key of Object.keys(item)) {
      if (!keys.includes(key))
        throw new Error(`${file}: ${where}.${key} is not supported by render.ts`);
    }
  };
  for (const patch of k.patches ?? []) only('patches', patch, ['path', 'patch']);
  for (const g of k.configMapGenerator ?? [])
    only('configMapGenerator', g, ['name', 'behavior', 'literals']);
  for (const i of k.images ?? []) only('images', i, ['name', 'newName', 'newTag', 'digest']);
  for (const l of k.labels ?? [])
    only('labels', l, ['pairs', 'includeSelectors', 'includeTemplates']);
  only('generatorOptions', k.generatorOptions ?? {}, ['disableNameSuffixHash']);

  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    objects.push(
      ...(statSync(path).isDirectory()
        ? renderKustomization(path)
        : parseYaml(path, readFileSync(path, 'utf8'))),
    );
  }

  // Generated ConfigMaps: `replace`/`merge` act on one the resources already hold.
  const renamed = new Map<string, string>();
  for (const generator of k.configMapGenerator ?? []) {
    const data = literals(generator.literals ?? []);
    const behavior = generator.behavior ?? 'create';
    const existing = objects.find(
      (o) =>
        o.kind === 'ConfigMap' &&
        (o.metadata.annotations as Record<string, string> | undefined)?.[
          'dayframe.io/generated-from'
        ] === generator.name,
    );
    if (behavior === 'create') {
      if (existing) throw new Error(`${file}: ConfigMap ${generator.name} is generated twice`);
      objects.push(generatedConfigMap(generator.name, data));
    } else {
      if (!existing) throw new Error(`${file}: ${behavior} of unknown ConfigMap ${generator.name}`);
      existing.data = behavior === 'merge' ? { ...(existing.data as object), ...data } : data;
    }
  }
  for (const object of objects) {
    const origin = (object.metadata.annotations as Record<string, string> | undefined)?.[
      'dayframe.io/generated-from'
    ];
    if (object.kind !== 'ConfigMap' || !origin) continue;
    const name = k.generatorOptions?.disableNameSuffixHash
      ? origin
      : `${origin}-${contentHash(object.data)}`;
    // References may name the map as written or as a base already renamed it.
    renamed.set(origin, name);
    renamed.set(object.metadata.name, name);
    object.metadata.name = name;
  }

  for (const patch of k.patches ?? []) {
    if (!patch.path && !patch.patch) throw new Error(`${file}: a patch needs path or patch`);
    const text = patch.path ? readFileSync(join(dir, patch.path), 'utf8') : patch.patch!;
    for (const p of parseYaml(patch.path ?? 'inline patch', text)) {
      const target = objects.find((o) => o.kind === p.kind && o.metadata.name === p.metadata.name);
      if (!target) throw new Error(`${file}: patch targets missing ${p.kind}/${p.metadata.name}`);
      objects = objects.map((o) => (o === target ? (strategicMerge(o, p) as K8sObject) : o));
    }
  }

  for (const object of objects) {
    if (k.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = k.namespace;
    for (const label of k.labels ?? []) {
      if (label.includeSelectors)
        throw new Error(`${file}: labels.includeSelectors is not supported`);
      object.metadata.labels = { ...object.metadata.labels, ...label.pairs };
      const template = podTemplate(object);
      if (label.includeTemplates && template) {
        template.metadata = {
          ...template.metadata,
          labels: { ...template.metadata?.labels, ...label.pairs },
        };
      }
    }
    const template = podTemplate(object);
    if (template) {
      renameConfigMapRefs(template.spec, renamed);
      for (const container of containers(template.spec)) setImage(container, k.images ?? []);
    }
  }
  return objects;
}

/** Every YAML document in a file, as objects (empty documents skipped). */
export function parseYaml(source: string, text: string): K8sObject[] {
  return yaml
    .loadAll(text)
    .filter((doc) => doc != null)
    .map((doc) => {
      const o = doc as K8sObject;
      if (!o.kind || !o.apiVersion || !o.metadata?.name) {
        throw new Error(`${source}: every document needs apiVersion, kind and metadata.name`);
      }
      return o;
    });
}

/**
 * Strategic merge as kustomize applies it to the fields we patch: maps merge key by key (`null`
 * deletes), lists whose items all have a `name` (containers, env, volumes, ports...) merge item
 * by item on it, and any other list is replaced whole.
 */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const named = (list: unknown[]) =>
      list.every((item) => isMap(item) && typeof item.name === 'string');
    if (!Array.isArray(base) || !named(base) || !named(patch)) return structuredClone(patch);
    const merged = [...(base as Record<string, unknown>[])];
    for (const item of patch as Record<string, unknown>[]) {
      const at = merged.findIndex((m) => m.name === item.name);
      if (at === -1) merged.push(structuredClone(item));
      else merged[at] = strategicMerge(merged[at], item) as Record<string, unknown>;
    }
    return merged;
  }
  if (!isMap(patch) || !isMap(base)) return structuredClone(patch);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const next = strategicMerge(base[key], value);
    if (next === undefined) delete merged[key];
    else merged[key] = next;
  }
  return merged;
}

type PodSpec = { containers?: Container[]; initContainers?: Container[]; volumes?: Volume[] };
type Container = {
  name: string;
  image?: string;
  env?: { name: string; valueFrom?: { configMapKeyRef?: { name: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
};
type Volume = { name: string; configMap?: { name: string } };

/** The pod template of a workload (`spec.template`), if the object has one. */
export function podTemplate(
  object: K8sObject,
): { metadata?: { labels?: Record<string, string> }; spec: PodSpec } | undefined {
  if (!WORKLOADS.has(object.kind)) return undefined;
  return (
    object.spec as { template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec } }
  )?.template;
}

export function containers(spec: PodSpec): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

function setImage(container: Container, images: NonNullable<Kustomization['images']>) {
  if (!container.image) return;
  const [name] = splitImage(container.image);
  const rule = images.find((i) => i.name === name);
  if (!rule) return;
  const [, tag] = splitImage(container.image);
  const newName = rule.newName ?? name;
  if (rule.digest) container.image = `${newName}@${rule.digest}`;
  else container.image = `${newName}:${rule.newTag ?? tag ?? 'latest'}`;
}

/** `registry:5000/a/b:1.2` → [`registry:5000/a/b`, `1.2`]; a digest counts as no tag. */
export function splitImage(image: string): [string, string | undefined] {
  const withoutDigest = image.split('@')[0]!;
  const colon = withoutDigest.lastIndexOf(':');
  if (colon > withoutDigest.lastIndexOf('/')) {
    return [withoutDigest.slice(0, colon), withoutDigest.slice(colon + 1)];
  }
  return [withoutDigest, undefined];
}

function renameConfigMapRefs(spec: PodSpec, renamed: Map<string, string>) {
  const rename = (ref: { name: string } | undefined) => {
    if (ref && renamed.has(ref.name)) ref.name = renamed.get(ref.name)!;
  };
  for (const container of containers(spec)) {
    for (const env of container.env ?? []) rename(env.valueFrom?.configMapKeyRef);
    for (const from of container.envFrom ?? []) rename(from.configMapRef);
  }
  for (const volume of spec.volumes ?? []) rename(volume.configMap);
}

function generatedConfigMap(name: string, data: Record<string, string>): K8sObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    // The annotation only lets overlays find the generated map; the renderer keeps it, which
    // kustomize does not, and nothing reads it in a cluster.
    metadata: { name, annotations: { 'dayframe.io/generated-from': name } },
    data,
  };
}

function literals(list: string[]): Record<string, string> {
  const data: Record<string, string> = {};
  for (const literal of list) {
    const at = literal.indexOf('=');
    if (at < 1) throw new Error(`configMapGenerator literal "${literal}" is not KEY=value`);
    data[literal.slice(0, at)] = literal.slice(at + 1);
  }
  return data;
}

/** A short, stable digest of a ConfigMap's data: a new value means a new name, hence a rollout. */
function contentHash(data: unknown): string {
  const sorted = Object.entries((data ?? {}) as Record<string, string>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 10);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The directory of this file, for tests and tools that render the shipped overlays. */
export const KUBERNETES_DIR = dirname(fileURLToPath(import.meta.url));
