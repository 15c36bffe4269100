/**
 * A small world for the Deployment controller's unit tests: the fake API, the Deployment and
 * ReplicaSet controllers each with its own context, and a kubelet that makes pods Running and
 * Ready (unless told not to). `settle` runs them in turn until nothing changes, as the change
 * queue would.
 */
import type { Deployment, DeploymentSpec } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod, PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import { replicaSetController } from '../replicaset/controller.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { deploymentController } from './controller.ts';

export const NS = 'ns';

export const template = (image: string): PodTemplateSpec => ({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } });

export function simulation() {
  const api = new FakeApi();
  const dctx = fakeContext(api);
  const rctx = fakeContext(api);
  const sim = {
    api,
    dctx,
    rctx,
    /** whether the kubelet makes new pods ready */
    podsBecomeReady: true,
    /** whether terminating pods go away by themselves */
    podsTerminate: true,

    deploy(spec: Partial<DeploymentSpec> = {}, name = 'web'): Deployment {
      return api.put<Deployment>('deployments', {
        metadata: { name, namespace: NS, labels: { app: 'web' } },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'web' } },
          template: template('nginx:1.30-alpine'),
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
          revisionHistoryLimit: 10,
          progressDeadlineSeconds: 600,
          ...spec,
        },
        status: {},
      });
    },

    /** A user's change to the spec (kubectl set image, scale, patch): the generation moves. */
    edit(change: (spec: DeploymentSpec, d: Deployment) => void, name = 'web'): Deployment {
      const d = api.one<Deployment>('deployments', NS, name)!;
      change(d.spec!, d);
      d.metadata.generation = (d.metadata.generation ?? 1) + 1;
      return api.put('deployments', d);
    },

    deployment: (name = 'web') => api.one<Deployment>('deployments', NS, name)!,
    replicaSets: () => api.all<ReplicaSet>('replicasets').sort((a, b) => (a.metadata.uid! < b.metadata.uid! ? -1 : 1)),
    pods: () => api.all<Pod>('pods'),
    /** the deployment controller's ScalingReplicaSet messages, in order */
    scalings: () => dctx.recorded.filter((e) => e.includes(' ScalingReplicaSet ')).map((e) => e.slice(e.indexOf(': ') + 2)),

    kubelet(): boolean {
      let changed = false;
      if (sim.podsTerminate && sim.pods().some((p) => p.metadata.deletionTimestamp)) {
        api.finishDeletions();
        changed = true;
      }
      if (!sim.podsBecomeReady) return changed;
      for (const p of sim.pods()) {
        if (p.status?.phase === 'Running' || p.metadata.deletionTimestamp) continue;
        api.put('pods', { ...p, spec: { ...p.spec!, nodeName: 'n1' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] } });
        changed = true;
      }
      return changed;
    },

    /** Runs the controllers and the kubelet until nothing changes. */
    async settle(name = 'web'): Promise<void> {
      for (let round = 0; round < 100; round++) {
        const writes = api.writes.length;
        await deploymentController.reconcile(`${NS}/${name}`, dctx);
        for (const rs of sim.replicaSets()) await replicaSetController.reconcile(`${NS}/${rs.metadata.name}`, rctx);
        const kubelet = sim.kubelet();
        if (api.writes.length === writes && !kubelet) return;
      }
      throw new Error(`no convergence: ${api.writes.slice(-10).join(', ')}`);
    },
  };
  return sim;
}
