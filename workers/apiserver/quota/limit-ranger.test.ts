import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Container, Pod } from '../../../lib/api/core/pod.ts';
import type { LimitRange } from '../../../lib/api/core/limitrange.ts';
import { applyDefaults, validatePod } from './limit-ranger.ts';

const lr = (limits: NonNullable<LimitRange['spec']>['limits']): LimitRange => ({ metadata: { name: 'lr', namespace: 'ns' }, spec: { limits } });
const pod = (containers: Container[]): Pod => ({ metadata: { name: 'p', namespace: 'ns' }, spec: { containers } });

test('defaults fill what a container leaves out, and say so in the annotation', () => {
  const p = pod([
    { name: 'web', image: 'nginx' },
    { name: 'side', image: 'busybox', resources: { limits: { cpu: '1' }, requests: { cpu: '1' } } },
  ]);
  applyDefaults(lr([{ type: 'Container', default: { cpu: '0.5', memory: '256Mi' }, defaultRequest: { cpu: '250m', memory: '128Mi' } }]), p);
  assert.deepEqual(p.spec!.containers![0].resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '250m', memory: '128Mi' } });
  assert.deepEqual(p.spec!.containers![1].resources, { limits: { cpu: '1', memory: '256Mi' }, requests: { cpu: '1', memory: '128Mi' } });
  assert.equal(
    p.metadata.annotations?.['kubernetes.io/limit-ranger'],
    'LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web; memory request for container side; memory limit for container side',
  );
});

test('max, min and ratio per container, with Kubernetes messages', () => {
  const range = lr([{ type: 'Container', max: { cpu: '1' }, min: { memory: '64Mi' } }]);
  assert.equal(validatePod(range, pod([{ name: 'a', image: 'x', resources: { limits: { cpu: '2' }, requests: { cpu: '2', memory: '128Mi' } } }])), 'maximum cpu usage per Container is 1, but limit is 2');
  assert.equal(validatePod(range, pod([{ name: 'a', image: 'x', resources: { limits: { cpu: '500m' }, requests: { cpu: '500m', memory: '128Mi' } } }])), undefined);
  assert.equal(
    validatePod(range, pod([{ name: 'a', image: 'x' }])),
    '[minimum memory usage per Container is 64Mi.  No request is specified, maximum cpu usage per Container is 1.  No limit is specified]',
  );
  const ratio = lr([{ type: 'Container', maxLimitRequestRatio: { memory: '2' } }]);
  assert.equal(
    validatePod(ratio, pod([{ name: 'a', image: 'x', resources: { limits: { memory: '1Gi' }, requests: { memory: '256Mi' } } }])),
    'memory max limit to request ratio per Container is 2, but provided ratio is 4.000000',
  );
});

test('Pod limits sum the containers', () => {
  const range = lr([{ type: 'Pod', max: { cpu: '1' } }]);
  const two = (cpu: string) => ({ name: cpu, image: 'x', resources: { limits: { cpu }, requests: { cpu } } });
  assert.equal(validatePod(range, pod([two('600m'), { ...two('500m'), name: 'b' }])), 'maximum cpu usage per Pod is 1, but limit is 1100m');
});
