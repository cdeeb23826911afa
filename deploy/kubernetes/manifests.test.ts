// The Kubernetes manifests, checked without a cluster: each directory renders (render.ts), every
// object passes the Kubernetes schema (kubernetes-models, API 1.27), and the installation keeps
// the rules in invariants.ts. Each rule is also shown to catch a deliberately broken copy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as models from 'kubernetes-models';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  imageProblems,
  networkProblems,
  operatorSecretsFromReadme,
  probeProblems,
  referenceProblems,
  resourceProblems,
  securityProblems,
  wiringProblems,
} from './invariants.ts';
import { KUBERNETES_DIR, podTemplate, renderKustomization, type K8sObject } from './render.ts';

const OVERLAYS = ['base', 'overlays/production'];
const render = (dir: string) => renderKustomization(join(KUBERNETES_DIR, dir));
const operatorSecrets = operatorSecretsFromReadme(
  readFileSync(join(KUBERNETES_DIR, 'README.md'), 'utf8'),
);
const COMPOSE = yaml.load(
  readFileSync(join(KUBERNETES_DIR, '../../docker-compose.yml'), 'utf8'),
) as {
  services: Record<
    string,
    { image?: string; profiles?: string[]; environment?: Record<string, unknown> }
  >;
};

/** The settings that carry credentials: in compose from .env, here from a Secret. */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_PRIVATE_KEY',
  'JWT_PUBLIC_KEY',
  'SMTP_URL',
  'CODE_HMAC_SECRET',
  'SERVICE_TOKEN_SECRET',
  'MEDIA_URL_SECRET',
  'REMINDERS_UNSUBSCRIBE_SECRET',
  // Media's bucket travels in one Secret with the credentials that open it.
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ENDPOINT',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  // Reminders' Web Push pair and its contact travel in one Secret.
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
];

/** `apps/v1` + `Deployment` → the kubernetes-models class, which validates against the schema. */
function modelFor(object: K8sObject): { validate(): void } {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['v1', undefined];
  const moduleName = group!
    .replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())
    .replace(/\./g, '');
  const groupModule = (models as Record<string, Record<string, unknown>>)[moduleName];
  const versionModule = (version ? groupModule?.[version] : groupModule) as
    Record<string, new (data: unknown) => { validate(): void }> | undefined;
  const Model = versionModule?.[object.kind];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  return new Model(object);
}

const deployments = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Deployment');
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name)!;
const firstContainer = (o: K8sObject) =>
  podTemplate(o)!.spec.containers![0]! as Record<string, unknown>;

describe.each(OVERLAYS)('deploy/kubernetes/%s', (dir) => {
  const objects = render(dir);

  it('renders, and every object passes the Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThan(40);
    const invalid: string[] = [];
    for (const object of objects) {
      try {
        modelFor(object).validate();
      } catch (error) {
        invalid.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('runs every Node process and front end of docker-compose.yml, with the same images', () => {
    const composed = Object.entries(COMPOSE.services).filter(
      ([name, s]) => !s.profiles && !['mysql', 'redis'].includes(name),
    );
    const names = deployments(objects)
      .map((d) => d.metadata.name)
      .sort();
    expect(names).toEqual(composed.map(([name]) => name).sort());
    for (const [name, service] of composed) {
      const image = String(firstContainer(find(objects, 'Deployment', name)).image);
      expect(image).toContain(service.image!.split(':')[0]!);
    }
  });

  it('gives each process every setting compose gives it, and secrets only from Secrets', () => {
    const composed = Object.entries(COMPOSE.services).filter(
      ([name, s]) => !s.profiles && !['mysql', 'redis'].includes(name),
    );
    for (const [name, service] of composed) {
      const container = firstContainer(find(objects, 'Deployment', name)) as {
        env?: { name: string; valueFrom?: { secretKeyRef?: unknown } }[];
        envFrom?: { configMapRef?: { name: string } }[];
      };
      const fromMaps = (container.envFrom ?? []).flatMap((from) =>
        Object.keys(
          (objects.find(
            (o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name,
          )?.data ?? {}) as object,
        ),
      );
      const given = new Set([...(container.env ?? []).map((e) => e.name), ...fromMaps]);
      const wanted = Object.keys(service.environment ?? {});
      expect({ name, missing: wanted.filter((key) => !given.has(key)) }).toEqual({
        name,
        missing: [],
      });
      const secretsHere = (container.env ?? [])
        .filter((e) => e.valueFrom?.secretKeyRef)
        .map((e) => e.name)
        .sort();
      expect({ name, secrets: secretsHere }).toEqual({
        name,
        secrets: wanted.filter((key) => SECRET_SETTINGS.includes(key)).sort(),
      });
    }
    // Each data-keeping service its own database credentials; no Secret is in the manifests.
    const dbSecret = (name: string) =>
      (
        firstContainer(find(objects, 'Deployment', name)).env as {
          name: string;
          valueFrom?: { secretKeyRef?: { name: string } };
        }[]
      ).find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef!.name;
    expect(new Set(['identity', 'journals', 'goals'].map(dbSecret)).size).toBe(3);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it('has autoscalers for the gateway, identity and the content services, and a PDB for each process', () => {
    const scaled = objects
      .filter((o) => o.kind === 'HorizontalPodAutoscaler')
      .map((o) => o.metadata.name)
      .sort();
    expect(scaled).toEqual(['archive', 'calendar', 'gateway', 'goals', 'identity', 'journals']);
    const budgets = objects
      .filter((o) => o.kind === 'PodDisruptionBudget')
      .map((o) => o.metadata.name);
    expect(budgets.sort()).toEqual(
      deployments(objects)
        .map((d) => d.metadata.name)
        .sort(),
    );
  });

  it.each([
    ['probes', probeProblems],
    ['requests and limits', resourceProblems],
    ['non-root, read-only, no capabilities', securityProblems],
    ['pinned images', imageProblems],
    ['services, ingress, autoscalers and budgets wired', wiringProblems],
    ['network policies', networkProblems],
  ])('keeps the rule: %s', (_, rule) => {
    expect(rule(objects)).toEqual([]);
  });

  it('keeps the rule: every Secret and ConfigMap named exists or is the operator’s', () => {
    expect(referenceProblems(objects, operatorSecrets)).toEqual([]);
  });
});

describe('the production overlay', () => {
  const objects = render('overlays/production');

  it('puts everything in its namespace, at the release tag, on its own hosts', () => {
    expect(
      objects
        .filter((o) => o.kind !== 'Namespace')
        .every((o) => o.metadata.namespace === 'dayframe'),
    ).toBe(true);
    for (const d of deployments(objects)) {
      expect(firstContainer(d).image).toMatch(
        /^registry\.example\.com\/dayframe\/[a-z-]+:0\.1\.0$/,
      );
    }
    const origins = objects.find((o) => o.metadata.name.startsWith('dayframe-origins-'))!;
    expect((origins.data as Record<string, string>).SHELL_ORIGIN).toBe(
      'https://app.dayframe.example.org',
    );
    // The gateway reads the replaced, re-hashed map.
    const gatewayEnv = firstContainer(find(objects, 'Deployment', 'gateway')).env as {
      name: string;
      valueFrom?: { configMapKeyRef?: { name: string } };
    }[];
    expect(
      gatewayEnv.find((e) => e.name === 'MFE_GOALS_URL')!.valueFrom!.configMapKeyRef!.name,
    ).toBe(origins.metadata.name);
    const policy = find(objects, 'NetworkPolicy', 'mysql-egress').spec as { egress: unknown[] };
    expect(JSON.stringify(policy.egress)).toContain('10.30.0.10/32');
    expect(JSON.stringify(objects)).not.toContain('192.0.2.');
  });
});

/** A fresh copy of the production objects, to break one thing in. */
const broken = (breakIt: (objects: K8sObject[]) => void) => {
  const objects = structuredClone(render('overlays/production'));
  breakIt(objects);
  return objects;
};

describe('each rule catches a broken manifest', () => {
  it('a Deployment without a readiness probe, or readiness on /healthz', () => {
    const noProbe = broken(
      (o) => delete firstContainer(find(o, 'Deployment', 'journals')).readinessProbe,
    );
    expect(probeProblems(noProbe)).toEqual(['Deployment/journals journals: no readiness probe']);
    const wrongPath = broken((o) => {
      (
        firstContainer(find(o, 'Deployment', 'goals')).readinessProbe as {
          httpGet: { path: string };
        }
      ).httpGet.path = '/healthz';
    });
    expect(probeProblems(wrongPath)).toEqual(['Deployment/goals goals: readiness is not /readyz']);
  });

  it('a container without a memory limit', () => {
    const objects = broken((o) => {
      delete (
        firstContainer(find(o, 'Deployment', 'gateway')).resources as {
          limits: { memory?: string };
        }
      ).limits.memory;
    });
    expect(resourceProblems(objects)).toEqual(['Deployment/gateway gateway: no memory limits']);
  });

  it('a pod that may run as root, or with a writable root filesystem', () => {
    const root = broken((o) => {
      delete (podTemplate(find(o, 'Deployment', 'identity'))!.spec as { securityContext?: unknown })
        .securityContext;
    });
    expect(securityProblems(root)).toEqual(['Deployment/identity identity: may run as root']);
    const writable = broken((o) => {
      (
        firstContainer(find(o, 'Deployment', 'shell')).securityContext as Record<string, unknown>
      ).readOnlyRootFilesystem = false;
    });
    expect(securityProblems(writable)).toEqual([
      'Deployment/shell shell: root filesystem is writable',
    ]);
  });

  it('an image on :latest or without a tag', () => {
    const objects = broken((o) => {
      firstContainer(find(o, 'Deployment', 'mailer')).image = 'dayframe/mailer:latest';
      firstContainer(find(o, 'Deployment', 'mfe-goals')).image = 'dayframe/mfe-goals';
    });
    expect(imageProblems(objects)).toEqual([
      'Deployment/mailer mailer: image dayframe/mailer:latest not pinned',
      'Deployment/mfe-goals mfe-goals: image dayframe/mfe-goals not pinned',
    ]);
  });

  it('a Secret nobody creates, a missing key, a missing ConfigMap', () => {
    const objects = broken((o) => {
      const env = firstContainer(find(o, 'Deployment', 'journals')).env as {
        name: string;
        valueFrom?: { secretKeyRef?: { name: string; key: string } };
      }[];
      env.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef!.name = 'dayframe-db';
      env.find((e) => e.name === 'REDIS_URL')!.valueFrom!.secretKeyRef!.key = 'REDIS_PASSWORD';
      const shell = firstContainer(find(o, 'Deployment', 'shell'));
      shell.envFrom = [{ configMapRef: { name: 'shell-settings' } }];
    });
    expect(referenceProblems(objects, operatorSecrets)).toEqual([
      'Deployment/journals DATABASE_URL: Secret dayframe-db does not exist',
      'Deployment/journals REDIS_URL: Secret dayframe-journals-redis has no key REDIS_PASSWORD',
      'Deployment/shell: ConfigMap shell-settings does not exist',
    ]);
  });

  it('a Service whose selector matches no pods, an HPA on a missing Deployment', () => {
    const objects = broken((o) => {
      (find(o, 'Service', 'calendar').spec as { selector: Record<string, string> }).selector = {
        'app.kubernetes.io/name': 'calender',
      };
      (
        find(o, 'HorizontalPodAutoscaler', 'goals').spec as { scaleTargetRef: { name: string } }
      ).scaleTargetRef.name = 'goal';
    });
    expect(wiringProblems(objects)).toEqual([
      "Service/calendar selects no workload's pods",
      'HorizontalPodAutoscaler/goals scales missing Deployment/goal',
    ]);
  });

  it('a pod no policy chooses, and no default deny', () => {
    const objects = broken((o) => {
      const template = podTemplate(find(o, 'Deployment', 'mailer'))!;
      template.metadata!.labels!['app.kubernetes.io/name'] = 'mail-worker';
      o.splice(o.indexOf(find(o, 'NetworkPolicy', 'default-deny')), 1);
    });
    expect(networkProblems(objects)).toEqual([
      'no default-deny NetworkPolicy for ingress and egress',
      'Deployment/mailer: no NetworkPolicy chooses its pods',
    ]);
  });

  it('an object the schema refuses', () => {
    const objects = broken((o) => {
      (
        firstContainer(find(o, 'Deployment', 'goals')).ports as { containerPort: unknown }[]
      )[0]!.containerPort = 'http';
    });
    expect(() => modelFor(find(objects, 'Deployment', 'goals')).validate()).toThrow(
      /containerPort/,
    );
  });
});
