// The deployment files agree with the service catalog (packages/catalog): every process is
// there with its port, its build, the URLs of the services it calls and a database where it
// owns one. A broken copy of each is caught, so the check itself is shown to work.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@dayframe/test-kit';
import { composeDrift, kubernetesDrift, type ComposeFile } from './catalog-drift.ts';
import { KUBERNETES_DIR, renderKustomization, type K8sObject } from './kubernetes/render.ts';

const composeFile = () =>
  yaml.load(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const kubernetesBase = () => renderKustomization(join(KUBERNETES_DIR, 'base'));
type Env = { name: string; value?: string };
const containerOf = (objects: K8sObject[], name: string) => {
  const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as
    | {
        spec: {
          template: { spec: { containers: { ports: { containerPort: number }[]; env: Env[] }[] } };
        };
      }
    | undefined;
  return deployment!.spec.template.spec.containers[0]!;
};

describe('docker-compose.yml and the service catalog', () => {
  it('agree', () => {
    expect(composeDrift(composeFile())).toEqual([]);
  });

  it('disagree when a service is missing, or a port, build or URL variable differs', () => {
    const missing = composeFile();
    delete missing.services.archive;
    expect(composeDrift(missing)).toEqual(['compose has no service archive']);

    const wrong = composeFile();
    wrong.services.goals!.environment!.PORT = 3333;
    wrong.services.calendar!.environment!.JOURNALS_URL = 'http://journals:3999';
    delete wrong.services.gateway!.environment!.ARCHIVE_URL;
    wrong.services.mailer!.build!.args!.WORKSPACE = 'services/mail';
    delete wrong.services.journals!.environment!.DATABASE_URL;
    expect(composeDrift(wrong)).toEqual([
      'compose journals: DATABASE_URL missing',
      'compose goals: PORT is 3333, the catalog says 3003',
      'compose calendar: JOURNALS_URL is http://journals:3999, the catalog says http://journals:3002',
      'compose mailer: builds services/mail, the catalog says services/mailer',
      'compose gateway: ARCHIVE_URL is undefined, the catalog says http://archive:3005',
    ]);
  });
});

describe('the Kubernetes base and the service catalog', () => {
  it('agree', () => {
    expect(kubernetesDrift(kubernetesBase())).toEqual([]);
  });

  it('disagree when a service is missing, or a port or URL variable differs', () => {
    const missing = kubernetesBase().filter(
      (o) => !(o.kind === 'Deployment' && o.metadata.name === 'calendar'),
    );
    expect(kubernetesDrift(missing)).toEqual(['Kubernetes has no Deployment calendar']);

    const wrong = kubernetesBase();
    containerOf(wrong, 'identity').ports[0]!.containerPort = 3011;
    const archiveEnv = containerOf(wrong, 'archive').env;
    archiveEnv.splice(
      archiveEnv.findIndex((v) => v.name === 'GOALS_URL'),
      1,
    );
    containerOf(wrong, 'gateway').env.find((v) => v.name === 'JOURNALS_URL')!.value =
      'http://journals:80';
    expect(kubernetesDrift(wrong)).toEqual([
      'Kubernetes identity: containerPort 3011, the catalog says 3001',
      'Kubernetes archive: GOALS_URL is undefined, the catalog says http://goals:3003',
      'Kubernetes gateway: JOURNALS_URL is http://journals:80, the catalog says http://journals:3002',
    ]);
  });
});
