import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { checkRequest } from './check.ts';
import { evaluatorFor } from './evaluators.ts';

const quota = (name: string, hard: Record<string, string>, used: Record<string, string>, scopes?: string[]): ResourceQuota => ({
  metadata: { name, namespace: 'ns', resourceVersion: '5' },
  spec: { hard, scopes },
  status: { hard, used },
});

const pod = (resources?: { requests?: Record<string, string>; limits?: Record<string, string> }, extra: Partial<Pod['spec']> = {}): Pod => ({
  metadata: { name: 'p2', namespace: 'ns' },
  spec: { containers: [{ name: 'app', image: 'nginx', resources }], ...extra },
});

const pods = evaluatorFor('', 'pods');
const create = (obj: Pod) => ({ op: 'CREATE' as const, obj, now: Date.now() });

test('the last slot: exceeded quota with requested, used and limited', () => {
  const r = checkRequest([quota('petite', { pods: '1' }, { pods: '1' })], create(pod()), pods);
  assert.deepEqual(r, { ok: false, message: 'exceeded quota: petite, requested: pods=1, used: pods=1, limited: pods=1' });
});

test('an admitted pod is charged to status.used, in canonical quantities', () => {
  const r = checkRequest([quota('q', { pods: '2', 'requests.cpu': '1', 'requests.memory': '1Gi' }, { pods: '0', 'requests.cpu': '0', 'requests.memory': '0' })], create(pod({ requests: { cpu: '0.5', memory: '128Mi' } })), pods);
  assert.ok(r.ok);
  assert.deepEqual(r.changed, [true]);
  assert.deepEqual(r.quotas[0].status?.used, { pods: '1', 'requests.cpu': '500m', 'requests.memory': '128Mi' });
});

test('several exceeded resources are listed sorted, comma-separated', () => {
  const q = quota('q', { 'limits.cpu': '1', 'limits.memory': '1Gi', pods: '10' }, { 'limits.cpu': '500m', 'limits.memory': '512Mi', pods: '1' });
  const r = checkRequest([q], create(pod({ limits: { cpu: '800m', memory: '1Gi' } })), pods);
  assert.deepEqual(r, { ok: false, message: 'exceeded quota: q, requested: limits.cpu=800m,limits.memory=1Gi, used: limits.cpu=500m,limits.memory=512Mi, limited: limits.cpu=1,limits.memory=1Gi' });
});

test('a quota on cpu or memory makes containers state them', () => {
  const q = quota('q', { 'limits.cpu': '2', 'requests.memory': '1Gi' }, { 'limits.cpu': '0', 'requests.memory': '0' });
  const p = pod(undefined, { initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { memory: '1Mi' } } }] });
  const r = checkRequest([q], create(p), pods);
  assert.deepEqual(r, { ok: false, message: 'failed quota: q: must specify limits.cpu for: app,init; requests.memory for: app' });
});

test('a quota without observed usage refuses until the controller has run', () => {
  const q = quota('q', { pods: '1' }, {});
  assert.deepEqual(checkRequest([q], create(pod()), pods), { ok: false, message: 'status unknown for quota: q, resources: pods' });
});

test('scopes: a BestEffort quota ignores a pod with requests; terminal pods count only as objects', () => {
  const q = quota('be', { pods: '1' }, { pods: '1' }, ['BestEffort']);
  assert.equal(checkRequest([q], create(pod({ requests: { cpu: '100m' } })), pods).ok, true);
  assert.equal(checkRequest([q], create(pod()), pods).ok, false);
  const done = { ...pod(), status: { phase: 'Succeeded' } } as Pod;
  assert.deepEqual(pods.usage(done, Date.now()), { 'count/pods': { nano: 1_000_000_000n, format: 'DecimalSI' } });
});

test('object counts: count/<resource>.<group> and the legacy names', () => {
  const cm = evaluatorFor('', 'configmaps');
  const r = checkRequest([quota('q', { configmaps: '1', 'count/configmaps': '5' }, { configmaps: '1', 'count/configmaps': '1' })], create({ metadata: { name: 'c', namespace: 'ns' } } as Pod), cm);
  assert.deepEqual(r, { ok: false, message: 'exceeded quota: q, requested: configmaps=1, used: configmaps=1, limited: configmaps=1' });
  const deploy = evaluatorFor('apps', 'deployments');
  assert.deepEqual(deploy.matchingResources(['count/deployments.apps', 'pods']), ['count/deployments.apps']);
});

test('services count node ports and load balancers', () => {
  const svc = evaluatorFor('', 'services');
  const u = svc.usage({ metadata: { name: 's' }, spec: { type: 'NodePort', ports: [{ port: 80 }, { port: 443 }] } } as never, 0);
  assert.equal(u['services.nodeports'].nano, 2_000_000_000n);
  assert.equal(u['services.loadbalancers'].nano, 0n);
});
