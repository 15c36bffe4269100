import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amount, podRequests } from './requests.ts';
import { makePod } from '../nodelifecycle/fake-context.test-support.ts';

const c = (name: string, requests: Record<string, string>, restartPolicy?: string) => ({ name, image: 'x', resources: { requests }, restartPolicy });

test('quantities become millicores for cpu and rounded-up units otherwise', () => {
  assert.equal(amount('cpu', '500m'), 500);
  assert.equal(amount('cpu', '2'), 2000);
  assert.equal(amount('cpu', '0.1'), 100);
  assert.equal(amount('cpu', '1u'), 1);
  assert.equal(amount('memory', '1Gi'), 1024 ** 3);
  assert.equal(amount('memory', '1.5k'), 1500);
  assert.equal(amount('memory', 'nonsense'), 0);
  assert.equal(amount('pods', '110'), 110);
});

test('containers add up; init containers count by the largest; sidecars add to both; overhead is added', () => {
  const pod = makePod('p', {
    spec: {
      containers: [c('a', { cpu: '100m', memory: '64Mi' }), c('b', { cpu: '200m' })],
      initContainers: [c('init', { cpu: '1', memory: '32Mi' })],
      overhead: { cpu: '10m' },
    } as never,
  });
  assert.deepEqual(podRequests(pod), { cpu: 1010, memory: 64 * 1024 ** 2 });

  const sidecar = makePod('p', {
    spec: { containers: [c('a', { cpu: '100m' })], initContainers: [c('side', { cpu: '300m' }, 'Always'), c('init', { cpu: '350m' })] } as never,
  });
  // running: 100 + 300 = 400; while init runs: 350 + sidecar 300 = 650
  assert.deepEqual(podRequests(sidecar), { cpu: 650 });
});

test('for scoring, containers without requests count 100m cpu and 200Mi memory', () => {
  const pod = makePod('p', { spec: { containers: [c('a', {}), c('b', { cpu: '1' })] } as never });
  assert.deepEqual(podRequests(pod), { cpu: 1000 });
  assert.deepEqual(podRequests(pod, true), { cpu: 1100, memory: 2 * 200 * 1024 ** 2 });
});
