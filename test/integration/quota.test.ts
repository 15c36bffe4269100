/**
 * ResourceQuota and LimitRange with the real kubectl, as the administrator: a quota's last slot,
 * Kubernetes' refusal message, used/hard once the quota controller ran, a slot freed by a
 * deletion; a LimitRange filling a pod's requests and limits and refusing one over its max.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();

async function ok(...args: string[]): Promise<string> {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Polls `check` until it returns a value (not undefined/false), or fails with what it last saw. */

const usedPods = async (ns: string) => (await ok('-n', ns, 'get', 'quota', 'petite', '-o', 'jsonpath={.status.used.pods}')).trim();

test('a quota of one pod: the second is refused with Kubernetes message; a deletion frees the slot', async () => {
  await ok('create', 'namespace', 'quota-a');
  assert.equal((await ok('-n', 'quota-a', 'create', 'quota', 'petite', '--hard=pods=1')).trim(), 'resourcequota/petite created');
  // admission refuses pods while the quota's usage is unknown, so wait for the controller
  await until('the controller to observe the quota', async () => (await usedPods('quota-a')) === '0');

  await ok('-n', 'quota-a', 'run', 'p1', '--image=nginx:1.27-alpine');
  const refused = await cluster.kubectl(['-n', 'quota-a', 'run', 'p2', '--image=nginx:1.27-alpine']);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr.trim(), 'Error from server (Forbidden): pods "p2" is forbidden: exceeded quota: petite, requested: pods=1, used: pods=1, limited: pods=1');

  const table = await ok('-n', 'quota-a', 'get', 'quota');
  assert.match(table, /^NAME\s+AGE\s+REQUEST\s+LIMIT$/m);
  assert.match(table, /^petite\s+\S+\s+pods: 1\/1\s*$/m);
  const described = await ok('-n', 'quota-a', 'describe', 'quota', 'petite');
  assert.match(described, /^Resource\s+Used\s+Hard$/m);
  assert.match(described, /^pods\s+1\s+1$/m);

  await ok('-n', 'quota-a', 'delete', 'pod', 'p1', '--wait=false');
  await until('the slot to be freed', async () => (await usedPods('quota-a')) === '0');
  await ok('-n', 'quota-a', 'run', 'p3', '--image=nginx:1.27-alpine');
});

test('quota on memory: containers must state it, and usage adds up', async () => {
  await ok('create', 'namespace', 'quota-b');
  await ok('-n', 'quota-b', 'create', 'quota', 'mem', '--hard=requests.memory=256Mi,pods=5');
  await until('the controller', async () => (await ok('-n', 'quota-b', 'get', 'quota', 'mem', '-o', 'jsonpath={.status.used.requests\\.memory}')).trim() === '0');
  const bare = await cluster.kubectl(['-n', 'quota-b', 'run', 'bare', '--image=nginx:1.27-alpine']);
  assert.equal(bare.stderr.trim(), 'Error from server (Forbidden): pods "bare" is forbidden: failed quota: mem: must specify requests.memory for: bare');
  const pod = (name: string, memory: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: app
    image: nginx:1.27-alpine
    resources:
      requests:
        memory: ${memory}
`;
  const first = await cluster.kubectl(['-n', 'quota-b', 'apply', '-f', '-'], { input: pod('m1', '200Mi') });
  assert.equal(first.code, 0, first.stderr);
  const second = await cluster.kubectl(['-n', 'quota-b', 'apply', '-f', '-'], { input: pod('m2', '100Mi') });
  assert.equal(
    second.stderr.trim(),
    'Error from server (Forbidden): error when creating "STDIN": pods "m2" is forbidden: exceeded quota: mem, requested: requests.memory=100Mi, used: requests.memory=200Mi, limited: requests.memory=256Mi',
  );
});

test('a LimitRange fills in requests and limits, and refuses a container over its max', async () => {
  await ok('create', 'namespace', 'limits-a');
  const range = `apiVersion: v1
kind: LimitRange
metadata:
  name: bornes
spec:
  limits:
  - type: Container
    default:
      cpu: 500m
      memory: 256Mi
    defaultRequest:
      cpu: 250m
      memory: 128Mi
    max:
      cpu: "1"
`;
  const created = await cluster.kubectl(['-n', 'limits-a', 'apply', '-f', '-'], { input: range });
  assert.equal(created.stdout.trim(), 'limitrange/bornes created', created.stderr);
  const listed = await ok('-n', 'limits-a', 'get', 'limits');
  assert.match(listed, /^NAME\s+CREATED AT$/m);
  assert.match(listed, /^bornes\s+\d{4}-\d\d-\d\dT\S+Z$/m);

  await ok('-n', 'limits-a', 'run', 'web', '--image=nginx:1.27-alpine');
  const pod = JSON.parse(await ok('-n', 'limits-a', 'get', 'pod', 'web', '-o', 'json'));
  assert.deepEqual(pod.spec.containers[0].resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '250m', memory: '128Mi' } });
  assert.equal(pod.metadata.annotations['kubernetes.io/limit-ranger'], 'LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web');

  const big = `apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: nginx:1.27-alpine
    resources:
      limits:
        cpu: "2"
`;
  const refused = await cluster.kubectl(['-n', 'limits-a', 'apply', '-f', '-'], { input: big });
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
});
