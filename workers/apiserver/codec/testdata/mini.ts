/**
 * Miniature kind schemas for the codec, patch and OpenAPI tests, written with the kind DSL and
 * the real field numbers, until (and independently of) the real kinds in lib/api.
 */
import * as v from 'valibot';
import { bool, bytesMap, inline, int32, int64, intOrString, list, message, obj, quantityMap, str, strList, strMap } from '../../../../lib/schema/fields.ts';
import { labelSelector, objectEntries, objectMeta } from '../../../../lib/api/meta.ts';

export const namespace = v.object({
  ...objectEntries,
  spec: obj(2, { finalizers: strList(1, { listType: 'atomic' }) }),
  status: obj(3, { phase: str(1) }),
});

export const configMap = v.object({
  ...objectEntries,
  data: strMap(2, { doc: 'Data contains the configuration data.' }),
  binaryData: bytesMap(3),
  immutable: bool(4, { ptr: true }),
});

export const secret = v.object({
  ...objectEntries,
  data: bytesMap(2),
  type: str(3),
  stringData: strMap(4),
  immutable: bool(5, { ptr: true }),
});

const containerPort = message({
  name: str(1),
  hostPort: int32(2),
  containerPort: int32(3, { keep: true }),
  protocol: str(4),
});

const envVar = message({
  name: str(1, { keep: true }),
  value: str(2),
});

const handler = inline(1, {
  exec: obj(1, { command: strList(1, { listType: 'atomic' }) }, { ptr: true }),
  httpGet: obj(2, { path: str(1), port: intOrString(2, { keep: true }) }, { ptr: true }),
});

const probe = message({
  ...handler,
  initialDelaySeconds: int32(2),
  periodSeconds: int32(4),
});

export const container = message({
  name: str(1, { keep: true, doc: 'Name of the container.' }),
  image: str(2, { doc: 'Container image name.' }),
  command: strList(3, { listType: 'atomic' }),
  ports: list(6, containerPort, { patchStrategy: 'merge', patchMergeKey: 'containerPort', listType: 'map', listMapKeys: ['containerPort', 'protocol'] }),
  env: list(7, envVar, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
  resources: obj(8, { limits: quantityMap(1), requests: quantityMap(2) }),
  livenessProbe: obj(10, probe, { ptr: true }),
  imagePullPolicy: str(14),
});

const volume = message({
  name: str(1, { keep: true }),
  ...inline(2, {
    hostPath: obj(1, { path: str(1), type: str(2, { ptr: true }) }, { ptr: true }),
    emptyDir: obj(2, { medium: str(1) }, { ptr: true }),
    configMap: obj(19, { ...inline(1, { name: str(1) }), defaultMode: int32(3, { ptr: true }) }, { ptr: true }),
  }),
});

export const podSpec = message({
  volumes: list(1, volume, { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
  containers: list(2, container, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'] }),
  restartPolicy: str(3),
  terminationGracePeriodSeconds: int64(4, { ptr: true }),
  nodeSelector: strMap(7, { mapType: 'atomic' }),
  tolerations: list(22, message({ key: str(1), operator: str(2) }), { listType: 'atomic' }),
});

export const pod = v.object({
  ...objectEntries,
  spec: obj(2, podSpec),
  status: obj(3, { phase: str(1), podIP: str(6) }),
});

const podTemplateSpec = message({
  metadata: obj(1, objectMeta),
  spec: obj(2, podSpec),
});

export const deployment = v.object({
  ...objectEntries,
  spec: obj(2, {
    replicas: int32(1, { ptr: true }),
    selector: obj(2, labelSelector, { ptr: true }),
    template: obj(3, podTemplateSpec),
    strategy: obj(
      4,
      {
        type: str(1),
        rollingUpdate: obj(2, { maxUnavailable: intOrString(1, { ptr: true }), maxSurge: intOrString(2, { ptr: true }) }, { ptr: true }),
      },
      { patchStrategy: 'retainKeys' },
    ),
    minReadySeconds: int32(5),
    paused: bool(7),
  }),
  status: obj(3, { observedGeneration: int64(1), replicas: int32(2) }),
});
