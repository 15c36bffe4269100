import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../../lib/api/core/pod.ts';
import type { FieldError } from '../../../../../lib/errors.ts';
import pods from '../pods.ts';
import { prepareEphemeralUpdate, validateEphemeralUpdate, validateNoEphemeralOnCreate } from './ephemeral.ts';

const messages = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);
const running = (): Pod => {
  const p: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels: { app: 'a' }, resourceVersion: '7' },
    spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'nginx:1.27' }], initContainers: [{ name: 'setup', image: 'busybox' }] },
    status: { phase: 'Running' },
  };
  pods.defaults!(p);
  return p;
};
const withDebug = (p: Pod, ...ecs: Record<string, unknown>[]): Pod => {
  const next = structuredClone(p);
  next.spec!.ephemeralContainers = [...(p.spec!.ephemeralContainers ?? []), ...(ecs as never[])];
  pods.defaults!(next);
  return next;
};
const debug = { name: 'debugger', image: 'busybox', targetContainerName: 'app', stdin: true, tty: true };

test('a write through pods/ephemeralcontainers takes only the ephemeral containers', () => {
  const old = running();
  const next = withDebug(old, debug);
  next.spec!.containers![0].image = 'nginx:1.29';
  next.metadata.labels = { app: 'changed' };
  next.status = { phase: 'Failed' };
  prepareEphemeralUpdate(next, old);
  assert.equal(next.spec!.containers![0].image, 'nginx:1.27');
  assert.deepEqual(next.metadata.labels, { app: 'a' });
  assert.equal(next.status?.phase, 'Running');
  assert.equal(next.spec!.ephemeralContainers?.[0].name, 'debugger');
  // defaulted as any container
  assert.equal(next.spec!.ephemeralContainers?.[0].terminationMessagePolicy, 'File');
  assert.deepEqual(messages(validateEphemeralUpdate(next, old)), []);
  assert.deepEqual(messages(pods.validate!(next)), []);
});

test('existing ephemeral containers may be neither removed nor changed', () => {
  const old = withDebug(running(), debug);
  const removed = structuredClone(old);
  removed.spec!.ephemeralContainers = [];
  assert.deepEqual(messages(validateEphemeralUpdate(removed, old)), ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be removed\n']);
  const changed = structuredClone(old);
  changed.spec!.ephemeralContainers![0].image = 'alpine';
  const errs = messages(validateEphemeralUpdate(changed, old));
  assert.equal(errs.length, 1);
  assert.match(errs[0], /^spec\.ephemeralContainers\[debugger\]: Forbidden: existing ephemeral containers "debugger" may not be changed\n/);
  assert.match(errs[0], /- \timage: "busybox",\n\+ \timage: "alpine"/);
  // adding another is fine
  assert.deepEqual(messages(validateEphemeralUpdate(withDebug(old, { ...debug, name: 'second' }), old)), []);
});

test('ephemeral containers: unique names, an existing non-ephemeral target, no workload fields', () => {
  const old = running();
  const bad = withDebug(
    old,
    { name: 'app', image: 'busybox' },
    { name: 'd1', image: 'busybox', targetContainerName: 'nope' },
    { name: 'd2', image: 'busybox', targetContainerName: 'd1' },
    { name: 'd3', image: 'busybox', ports: [{ containerPort: 80 }], readinessProbe: { exec: { command: ['true'] } }, resources: { limits: { cpu: '1' } }, lifecycle: { preStop: { exec: { command: ['true'] } } } },
  );
  assert.deepEqual(messages(pods.validate!(bad)), [
    'spec.ephemeralContainers[0].name: Duplicate value: "app"',
    'spec.ephemeralContainers[1].targetContainerName: Not found: "nope"',
    'spec.ephemeralContainers[2].targetContainerName: Not found: "d1"',
    'spec.ephemeralContainers[3].ports: Forbidden: cannot be set for an Ephemeral Container',
    'spec.ephemeralContainers[3].resources: Forbidden: cannot be set for an Ephemeral Container',
    'spec.ephemeralContainers[3].readinessProbe: Forbidden: cannot be set for an Ephemeral Container',
    'spec.ephemeralContainers[3].lifecycle: Forbidden: cannot be set for an Ephemeral Container',
  ]);
  // an init container is a valid target
  assert.deepEqual(messages(pods.validate!(withDebug(old, { name: 'd', image: 'busybox', targetContainerName: 'setup' }))), []);
});

test('a pod is created without ephemeral containers; static pods never get any', () => {
  assert.deepEqual(messages(validateNoEphemeralOnCreate(withDebug(running(), debug))), ['spec.ephemeralContainers: Forbidden: cannot be set on create']);
  assert.deepEqual(messages(validateNoEphemeralOnCreate(running())), []);
  const mirror = running();
  mirror.metadata.annotations = { 'kubernetes.io/config.mirror': 'x' };
  assert.deepEqual(messages(validateEphemeralUpdate(withDebug(mirror, debug), mirror)), [': Forbidden: static pods do not support ephemeral containers']);
});

test('the main resource refuses a change of the ephemeral containers', () => {
  const old = running();
  const errs = messages(pods.validateUpdate!(withDebug(old, debug), old));
  assert.equal(errs.length, 1);
  assert.match(errs[0], /^spec: Forbidden: pod updates may not change fields other than/);
});
