import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../lib/api/core/pod.ts';
import { cgroupParent, containerSpec, sandboxSpec } from './specs.ts';

const pod: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'ab-12', labels: { app: 'web' } },
  spec: { containers: [{ name: 'httpd', image: 'localhost/busybox:1', command: ['httpd', '-p', '$(PORT)'], ports: [{ containerPort: 8080 }, { containerPort: 53, hostPort: 5353, protocol: 'UDP' }] }] },
  status: { qosClass: 'BestEffort' },
};

test('the cgroup parent holds the pod uid under the QoS class', () => {
  assert.equal(cgroupParent('BestEffort', 'u'), '/kubepods/besteffort/podu');
  assert.equal(cgroupParent('Burstable', 'u'), '/kubepods/burstable/podu');
  assert.equal(cgroupParent('Guaranteed', 'u'), '/kubepods/podu');
});

test('sandbox: log directory, cgroup, hostname, host ports, labels', () => {
  const s = sandboxSpec(pod, 0, '/var/log/pods', { 'timonier.dev/node': 'n1' });
  assert.equal(s.logDirectory, '/var/log/pods/shop_web-1_ab-12');
  assert.equal(s.cgroupParent, '/kubepods/besteffort/podab-12');
  assert.equal(s.hostname, 'web-1');
  assert.deepEqual(s.portMappings, [{ containerPort: 53, hostPort: 5353, protocol: 'UDP', hostIp: undefined }]);
  assert.equal(s.labels['io.kubernetes.pod.uid'], 'ab-12');
  assert.equal(s.labels.app, 'web');
  assert.equal(s.labels['timonier.dev/node'], 'n1');
});

test('container: log path per attempt, $(VAR) expanded in the command, identifying labels', () => {
  const c = containerSpec({ pod, container: pod.spec!.containers![0] as { name: string }, kind: 'app', attempt: 2, imageRef: 'sha256:1', owner: { 'timonier.dev/node': 'n1' }, env: [{ name: 'PORT', value: '8080' }], mounts: [] });
  assert.equal(c.logPath, 'httpd/2.log');
  assert.deepEqual(c.command, ['httpd', '-p', '8080']);
  assert.equal(c.image, 'sha256:1');
  assert.equal(c.userImage, 'localhost/busybox:1');
  assert.equal(c.labels['io.kubernetes.container.name'], 'httpd');
  assert.equal(c.annotations['io.kubernetes.container.restartCount'], '2');
});
