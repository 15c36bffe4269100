import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node, NodeSystemInfo } from '../../../../lib/api/core/node.ts';
import nodes from './nodes.ts';

const NOW = Date.parse('2025-01-03T12:00:00Z');
const node = (x: Partial<Node> = {}, labels: Record<string, string> = {}): Node => ({
  metadata: { name: 'n1', creationTimestamp: '2025-01-01T09:00:00Z', labels },
  ...x,
});

test('allocatable defaults to capacity', () => {
  const n = node({ status: { capacity: { cpu: '4', memory: '8Gi' } } });
  nodes.defaults!(n);
  assert.deepEqual(n.status?.allocatable, { cpu: '4', memory: '8Gi' });
  const kept = node({ status: { capacity: { cpu: '4' }, allocatable: { cpu: '3500m' } } });
  nodes.defaults!(kept);
  assert.deepEqual(kept.status?.allocatable, { cpu: '3500m' });
});

test('status cell: Ready condition only, SchedulingDisabled appended', () => {
  const cell = (n: Node) => nodes.table!.cells(n, NOW)[1];
  assert.equal(cell(node()), 'Unknown');
  assert.equal(cell(node({ status: { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }] } })), 'Ready');
  assert.equal(cell(node({ status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } })), 'NotReady');
  assert.equal(cell(node({ spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'True' }] } })), 'Ready,SchedulingDisabled');
  assert.equal(cell(node({ spec: { unschedulable: true } })), 'Unknown,SchedulingDisabled');
});

test('roles from node-role.kubernetes.io/* and kubernetes.io/role', () => {
  const roles = (labels: Record<string, string>) => nodes.table!.cells(node({}, labels), NOW)[2];
  assert.equal(roles({}), '<none>');
  assert.equal(roles({ 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': 'x', 'kubernetes.io/role': 'worker' }), 'control-plane,worker');
  assert.equal(roles({ 'node-role.kubernetes.io/': 'x', 'kubernetes.io/role': '' }), '<none>');
});

test('wide cells', () => {
  const n = node({
    status: {
      addresses: [{ type: 'Hostname', address: 'n1' }, { type: 'InternalIP', address: '10.0.0.5' }],
      nodeInfo: { kubeletVersion: 'v1.32.0', osImage: 'Ubuntu 24.04', kernelVersion: '', containerRuntimeVersion: 'containerd://1.7.0' } as NodeSystemInfo,
    },
  });
  assert.deepEqual(nodes.table!.cells(n, NOW), ['n1', 'Unknown', '<none>', '2d3h', 'v1.32.0', '10.0.0.5', '<none>', 'Ubuntu 24.04', '<unknown>', 'containerd://1.7.0']);
  assert.equal(nodes.table!.columns.length, 10);
});

test('taints: key, effect, uniqueness by key and effect', () => {
  const errs = nodes.validate!(
    node({
      spec: {
        taints: [
          { key: 'a', effect: 'NoSchedule' },
          { key: 'a', effect: 'NoExecute' },
          { key: 'a', effect: 'NoSchedule', value: 'v' },
          { key: 'b', effect: 'Sometimes' as 'NoSchedule' },
          { key: 'c' } as never,
        ],
      },
    }),
  ).map((e) => `${e.field}: ${e.body}`);
  assert.deepEqual(errs, [
    'spec.taints[2]: Duplicate value: core.Taint{Key:"a", Value:"v", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
    'spec.taints[3].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    'spec.taints[4].effect: Required value',
  ]);
});

test('podCIDR and providerID are set once; unschedulable field selector', () => {
  const old = node({ spec: { podCIDR: '10.244.0.0/24' } });
  assert.deepEqual(nodes.validateUpdate!(node({ spec: { podCIDR: '10.244.0.0/24', providerID: 'kind://x' } }), old), []);
  assert.equal(nodes.validateUpdate!(node({ spec: { podCIDR: '10.244.1.0/24' } }), old)[0].body, 'Forbidden: node updates may not change podCIDR except from "" to valid');
  assert.equal(nodes.fieldSelectors!['spec.unschedulable'](node()), 'false');
});
