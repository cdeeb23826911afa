// The kustomize subset render.ts implements, each feature on a small kustomization written here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '@dayframe/test-kit';
import { renderKustomization, splitImage, strategicMerge } from './render.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

let count = 0;
/** Writes `files` into a fresh directory and returns its path. */
function tree(files: Record<string, string>): string {
  const root = join(temp.dir, `case-${count++}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const DEPLOYMENT = `
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, labels: { app: web } }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: example/web:1.0
          envFrom: [{ configMapRef: { name: settings } }]
          env:
            - { name: A, value: '1' }
            - { name: B, valueFrom: { configMapKeyRef: { name: settings, key: B } } }
        - { name: sidecar, image: example/sidecar }
`;
const BASE = {
  'base/kustomization.yaml': `
resources: [web.yaml]
configMapGenerator:
  - name: settings
    literals: [B=base, C=base]
`,
  'base/web.yaml': DEPLOYMENT,
};

describe('renderKustomization', () => {
  it('reads resources, generates a hashed ConfigMap and points the pods at it', () => {
    const objects = renderKustomization(join(tree(BASE), 'base'));
    expect(objects.map((o) => o.kind)).toEqual(['Deployment', 'ConfigMap']);
    const map = objects[1]!;
    expect(map.metadata.name).toMatch(/^settings-[0-9a-f]{10}$/);
    expect(map.data).toEqual({ B: 'base', C: 'base' });
    const container = (objects[0]!.spec as any).template.spec.containers[0];
    expect(container.envFrom[0].configMapRef.name).toBe(map.metadata.name);
    expect(container.env[1].valueFrom.configMapKeyRef.name).toBe(map.metadata.name);
  });

  it('applies an overlay: namespace, labels, images, patches and a merged generator', () => {
    const root = tree({
      ...BASE,
      'prod/kustomization.yaml': `
namespace: prod
resources: [../base]
labels:
  - pairs: { tier: front }
    includeTemplates: true
images:
  - { name: example/web, newName: registry.test/web, newTag: '2.0' }
  - { name: example/sidecar, digest: 'sha256:abc' }
configMapGenerator:
  - { name: settings, behavior: merge, literals: [C=prod] }
patches:
  - path: patch.yaml
`,
      'prod/patch.yaml': `
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          env: [{ name: A, value: '2' }, { name: D, value: '4' }]
`,
    });
    const base = renderKustomization(join(root, 'base'));
    const [deployment, map] = renderKustomization(join(root, 'prod'));
    expect(deployment!.metadata).toMatchObject({
      namespace: 'prod',
      labels: { app: 'web', tier: 'front' },
    });
    const spec = deployment!.spec as any;
    expect(spec.replicas).toBe(3);
    // Selectors are left alone (immutable on a Deployment); pod labels get the new pair.
    expect(spec.selector.matchLabels).toEqual({ app: 'web' });
    expect(spec.template.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    const [web, sidecar] = spec.template.spec.containers;
    expect(web.image).toBe('registry.test/web:2.0');
    expect(sidecar.image).toBe('example/sidecar@sha256:abc');
    // env merged by name: A replaced, B kept, D added.
    expect(web.env.map((e: any) => [e.name, e.value ?? 'ref'])).toEqual([
      ['A', '2'],
      ['B', 'ref'],
      ['D', '4'],
    ]);
    expect(map!.data).toEqual({ B: 'base', C: 'prod' });
    expect(map!.metadata.namespace).toBe('prod');
    // New data, new name: the Deployment rolls when its settings change.
    expect(map!.metadata.name).not.toBe(base[1]!.metadata.name);
    expect(web.envFrom[0].configMapRef.name).toBe(map!.metadata.name);
  });

  it('replaces a generated map with behavior: replace', () => {
    const root = tree({
      ...BASE,
      'prod/kustomization.yaml': `
resources: [../base]
configMapGenerator:
  - { name: settings, behavior: replace, literals: [Z=1] }
`,
    });
    expect(renderKustomization(join(root, 'prod'))[1]!.data).toEqual({ Z: '1' });
  });

  it('refuses what it does not implement, and patches of missing objects', () => {
    const unsupported = tree({
      'k/kustomization.yaml': 'resources: []\ncommonLabels: { a: b }\n',
    });
    expect(() => renderKustomization(join(unsupported, 'k'))).toThrow(
      /"commonLabels" is not supported/,
    );
    const targeted = tree({
      ...BASE,
      't/kustomization.yaml':
        'resources: [../base]\npatches: [{ path: p.yaml, target: { kind: Deployment } }]\n',
      't/p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\n',
    });
    expect(() => renderKustomization(join(targeted, 't'))).toThrow(
      /patches.target is not supported/,
    );
    const missing = tree({
      ...BASE,
      'p/kustomization.yaml': 'resources: [../base]\npatches: [{ path: p.yaml }]\n',
      'p/p.yaml': 'apiVersion: v1\nkind: Service\nmetadata: { name: web }\n',
    });
    expect(() => renderKustomization(join(missing, 'p'))).toThrow(
      /patch targets missing Service\/web/,
    );
    const noName = tree({
      'k/kustomization.yaml': 'resources: [a.yaml]\n',
      'k/a.yaml': 'kind: Service\n',
    });
    expect(() => renderKustomization(join(noName, 'k'))).toThrow(
      /needs apiVersion, kind and metadata.name/,
    );
  });
});

describe('strategicMerge', () => {
  it('merges maps, deletes on null, merges named lists and replaces other lists', () => {
    expect(
      strategicMerge(
        { a: 1, b: { c: 2, d: 3 }, list: [1, 2], named: [{ name: 'x', v: 1 }] },
        { b: { d: null, e: 4 }, list: [3], named: [{ name: 'x', w: 2 }, { name: 'y' }] },
      ),
    ).toEqual({
      a: 1,
      b: { c: 2, e: 4 },
      list: [3],
      named: [{ name: 'x', v: 1, w: 2 }, { name: 'y' }],
    });
  });
});

describe('splitImage', () => {
  it('tells a registry port from a tag', () => {
    expect(splitImage('registry:5000/a/b:1.2')).toEqual(['registry:5000/a/b', '1.2']);
    expect(splitImage('registry:5000/a/b')).toEqual(['registry:5000/a/b', undefined]);
    expect(splitImage('a/b@sha256:ff')).toEqual(['a/b', undefined]);
  });
});
