/**
 * A miniature apps/v1 Deployment written with the schema DSL, with the markers of the real one
 * (merge-apply-protobuf.md §1.2, §2.5): enough for the field manager's tests to stand alone.
 */
import * as v from 'valibot';
import { bool, int32, int64, intOrString, list, message, obj, quantityMap, str, strList, strMap } from '../../../lib/schema/fields.ts';
import { condition, labelSelector, objectEntries, objectMeta, type KubeObject } from '../../../lib/api/meta.ts';

const containerPort = message({
  name: str(1),
  containerPort: int32(3, { keep: true }),
  protocol: str(4),
});

const container = message({
  name: str(1, { keep: true }),
  image: str(2),
  command: strList(3, { listType: 'atomic' }),
  args: strList(4, { listType: 'atomic' }),
  ports: list(6, containerPort, { patchStrategy: 'merge', patchMergeKey: 'containerPort', listType: 'map', listMapKeys: ['containerPort', 'protocol'] }),
  env: list(7, message({ name: str(1, { keep: true }), value: str(2) }), { patchStrategy: 'merge', patchMergeKey: 'name' }),
  resources: obj(8, message({ limits: quantityMap(1), requests: quantityMap(2) })),
  terminationMessagePath: str(13),
  imagePullPolicy: str(14),
  securityContext: obj(15, message({ runAsUser: int64(4, { ptr: true }) }), { ptr: true }),
  terminationMessagePolicy: str(20),
});

const podSpec = message({
  containers: list(2, container, { patchStrategy: 'merge', patchMergeKey: 'name', keep: true }),
  restartPolicy: str(3),
  terminationGracePeriodSeconds: int64(4, { ptr: true }),
  dnsPolicy: str(6),
  nodeSelector: strMap(7, { mapType: 'atomic' }),
  securityContext: obj(14, message({ runAsUser: int64(4, { ptr: true }) }), { ptr: true }),
  schedulerName: str(19),
  tolerations: list(22, message({ key: str(1), operator: str(2) })),
});

const deploymentSpec = message({
  replicas: int32(1, { ptr: true }),
  selector: obj(2, labelSelector, { ptr: true }),
  template: obj(3, message({ metadata: obj(1, objectMeta), spec: obj(2, podSpec) })),
  strategy: obj(
    4,
    message({
      type: str(1),
      rollingUpdate: obj(2, message({ maxUnavailable: intOrString(1, { ptr: true }), maxSurge: intOrString(2, { ptr: true }) }), { ptr: true }),
    }),
    { patchStrategy: 'retainKeys' },
  ),
  minReadySeconds: int32(5),
  revisionHistoryLimit: int32(6, { ptr: true }),
  paused: bool(7),
  progressDeadlineSeconds: int32(9, { ptr: true }),
});

const deploymentStatus = message({
  observedGeneration: int64(1),
  replicas: int32(2),
  updatedReplicas: int32(3),
  availableReplicas: int32(4),
  conditions: list(6, condition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'] }),
  readyReplicas: int32(7),
});

export const deploymentSchema = v.object({ ...objectEntries, spec: obj(2, deploymentSpec), status: obj(3, deploymentStatus) });

export const deep = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** What `kubectl apply -f vitrine.yaml` sends (the chapter's Deployment). */
export function vitrineConfig(replicas?: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'vitrine', namespace: 'ch34' },
    spec: {
      ...(replicas === undefined ? {} : { replicas }),
      selector: { matchLabels: { app: 'vitrine' } },
      template: {
        metadata: { labels: { app: 'vitrine' } },
        spec: {
          containers: [
            {
              name: 'web',
              image: 'registry.k8s.io/e2e-test-images/agnhost:2.61',
              args: ['netexec', '--http-port=8080'],
              resources: { requests: { cpu: '50m', memory: '32Mi' } },
            },
          ],
        },
      },
    },
  };
}

/** The Kubernetes defaults of a Deployment and its pod template (what the server stores). */
export function defaulted(obj: KubeObject): KubeObject {
  const o = deep(obj);
  const spec = (o.spec ??= {}) as Record<string, any>;
  spec.replicas ??= 1;
  spec.strategy ??= {};
  spec.strategy.type ??= 'RollingUpdate';
  if (spec.strategy.type === 'RollingUpdate') spec.strategy.rollingUpdate ??= { maxUnavailable: '25%', maxSurge: '25%' };
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  const pod = spec.template.spec;
  pod.restartPolicy ??= 'Always';
  pod.terminationGracePeriodSeconds ??= 30;
  pod.dnsPolicy ??= 'ClusterFirst';
  pod.securityContext ??= {};
  pod.schedulerName ??= 'default-scheduler';
  for (const c of pod.containers) {
    c.resources ??= {};
    c.terminationMessagePath ??= '/dev/termination-log';
    c.terminationMessagePolicy ??= 'File';
    c.imagePullPolicy ??= 'IfNotPresent';
  }
  return o;
}

/** What the store adds on create. */
export function created(obj: KubeObject, rv = '1'): KubeObject {
  const o = deep(obj);
  o.metadata = { ...o.metadata, uid: '0b5f3d4e-0000-4000-8000-000000000001', resourceVersion: rv, generation: 1, creationTimestamp: '2026-09-26T17:17:28Z' };
  return o;
}

export const at = (s: string) => new Date(s);
