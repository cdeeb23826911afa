// The deployment files agree with the service catalog (packages/catalog): every process is
// there with its port, its build, the URLs of the services it calls and a database where it
// owns one; and their networks let each service be reached by the gateway and the callers its
// catalog row lists, no other part. A broken copy of each is caught, so the check itself is shown
// to work.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@dayframe/test-kit';
import {
  composeDrift,
  composeNetworkDrift,
  kubernetesDrift,
  networkPolicyDrift,
  type ComposeFile,
} from './catalog-drift.ts';
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

type Networked = ComposeFile & {
  services: Record<string, { networks?: string[] | Record<string, unknown> }>;
};

describe('the networks and the catalog: who may reach each service', () => {
  it('agree in compose: the gateway, the catalog callers, the callees and the data stores', () => {
    expect(composeNetworkDrift(composeFile() as Networked)).toEqual([]);
  });

  it('disagree in compose when a network lets in a part the catalog does not list', () => {
    const wrong = composeFile() as Networked;
    // The mailer on identity's data network, the journals beside the goals' callers.
    (wrong.services.mailer!.networks as string[]).push('identity-data');
    (wrong.services.journals!.networks as string[]).push('calendar-goals');
    delete wrong.services['mfe-account']!.networks; // back on the shell's network
    expect(composeNetworkDrift(wrong)).toEqual([
      'compose identity: reachable from archive, calendar, gateway, goals, journals, mailer, media, mysql, redis, reminders; the catalog says archive, calendar, gateway, goals, journals, media, mysql, redis, reminders',
      'compose journals: reachable from archive, calendar, gateway, goals, identity, media, mysql, redis, reminders; the catalog says archive, calendar, gateway, identity, media, mysql, redis, reminders',
      'compose goals: reachable from archive, calendar, gateway, identity, journals, mysql, redis, reminders; the catalog says archive, calendar, gateway, identity, mysql, redis, reminders',
      'compose mailer: reaches identity',
    ]);
  });

  it('agree in Kubernetes: ingress from the gateway and the catalog callers alone', () => {
    expect(networkPolicyDrift(kubernetesBase())).toEqual([]);
  });

  it('disagree in Kubernetes when a policy lets in a part the catalog does not list', () => {
    const wrong = kubernetesBase();
    const policy = (name: string) =>
      wrong.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === name) as K8sObject & {
        spec: {
          ingress: { from: { podSelector: { matchExpressions: { values: string[] }[] } }[] }[];
        };
      };
    // The mailer let into identity, and given a way out to it (the session checkers' egress).
    policy('identity').spec.ingress[0]!.from[0]!.podSelector.matchExpressions[0]!.values.push(
      'mailer',
    );
    (
      policy('service-calls').spec as unknown as {
        podSelector: { matchExpressions: { values: string[] }[] };
      }
    ).podSelector.matchExpressions[0]!.values.push('mailer');
    // Without its policy, the calendar takes connections from nothing (default deny).
    const withoutCalendar = wrong.filter(
      (o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'calendar'),
    );
    expect(networkPolicyDrift(withoutCalendar)).toEqual([
      'Kubernetes identity: reachable from archive, calendar, gateway, goals, journals, mailer, media, reminders; the catalog says archive, calendar, gateway, goals, journals, media, reminders',
      'Kubernetes calendar: reachable from ; the catalog says gateway',
    ]);
  });
});
