import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logOptions } from './pod-log.ts';
import { pickContainer } from './pod-target.ts';
import { channelFrame, exitStatus } from './exec-channels.ts';

const now = new Date('2026-01-01T12:00:00Z');
const opts = (q: string) => logOptions('p', new URLSearchParams(q), now);
const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { status: { message: string } }).status.message;
  }
  return undefined;
};

test('log options as kubectl sends them', () => {
  assert.deepEqual(opts('container=c&follow=true&tailLines=10&timestamps=true&previous=true&limitBytes=500&sinceSeconds=60'), {
    follow: true,
    previous: true,
    timestamps: true,
    tailLines: 10,
    limitBytes: 500,
    sinceSeconds: 60,
  });
  assert.deepEqual(opts(''), { follow: false, previous: false, timestamps: false });
  assert.equal(opts('sinceTime=2026-01-01T11:00:00Z').sinceSeconds, 3600);
});

test('invalid log options are 422 PodLogOptions, as Kubernetes validates them', () => {
  assert.equal(message(() => opts('tailLines=-1')), 'PodLogOptions "p" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0');
  assert.equal(message(() => opts('limitBytes=0')), 'PodLogOptions "p" is invalid: limitBytes: Invalid value: 0: must be greater than 0');
  assert.equal(message(() => opts('sinceSeconds=5&sinceTime=2026-01-01T11:00:00Z')), 'PodLogOptions "p" is invalid: sinceSeconds: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified');
  assert.equal(message(() => opts('tailLines=x')), 'invalid value for tailLines: "x"');
});

test('the container: the only one by default, else named, with Kubernetes messages', () => {
  assert.equal(pickContainer('p', { containers: [{ name: 'a' }] }, ''), 'a');
  assert.equal(pickContainer('p', { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }, { name: 'b' }] }, 'i'), 'i');
  assert.equal(message(() => pickContainer('p', { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }, { name: 'b' }] }, '')), 'a container name must be specified for pod p, choose one of: [i a b]');
  assert.equal(message(() => pickContainer('p', { containers: [{ name: 'a' }] }, 'z')), 'container z is not valid for pod p');
});

test('exec frames and the exit status kubectl reads on channel 3', () => {
  assert.deepEqual([...channelFrame(1, new TextEncoder().encode('hi'))], [1, 104, 105]);
  assert.deepEqual(exitStatus(['echo', 'hi'], 0), { metadata: {}, status: 'Success' });
  const failed = exitStatus(['sh', '-c', 'exit 3'], 3);
  assert.equal(failed.reason, 'NonZeroExitCode');
  assert.deepEqual(failed.details, { causes: [{ reason: 'ExitCode', message: '3' }] });
  assert.equal(failed.message, 'command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3');
});
