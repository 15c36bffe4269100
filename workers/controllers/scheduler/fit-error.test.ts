import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitErrorMessage, unschedulableMessage } from './fit-error.ts';
import { runFilters } from './filters.ts';
import { addPod, nodeInfo, podInfo } from './snapshot.ts';
import { makeNode, makePod } from '../nodelifecycle/fake-context.test-support.ts';

function failures(pod: ReturnType<typeof podInfo>, nodes: ReturnType<typeof nodeInfo>[]) {
  return nodes.map((node) => ({ node, status: runFilters(pod, node)! }));
}

test('reasons are counted and sorted as strings, as FitError.Error does', () => {
  const msg = fitErrorMessage(3, [
    { code: 'Unschedulable', reasons: ['Insufficient memory', 'Insufficient cpu'] },
    { code: 'Unschedulable', reasons: ['Insufficient cpu'] },
    { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"] },
  ]);
  assert.equal(msg, "0/3 nodes are available: 1 Insufficient memory, 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient cpu.");
});

test('a taint on one node and too little cpu on the other, with what preemption found', () => {
  const pod = podInfo(makePod('p', { cpu: '6' }));
  const tainted = nodeInfo(makeNode('a', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }));
  const small = nodeInfo(makeNode('b'));
  assert.equal(
    unschedulableMessage(pod, failures(pod, [tainted, small])),
    '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling..',
  );
});

test('the issue example: two nodes short of cpu', () => {
  const pod = podInfo(makePod('p', { cpu: '8' }));
  assert.equal(
    unschedulableMessage(pod, failures(pod, [nodeInfo(makeNode('a')), nodeInfo(makeNode('b'))])),
    '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..',
  );
});

test('preemptionPolicy Never, and lower-priority pods that would not make room', () => {
  const never = podInfo(makePod('p', { cpu: '8', spec: { preemptionPolicy: 'Never' } }));
  assert.equal(
    unschedulableMessage(never, failures(never, [nodeInfo(makeNode('a'))])),
    '0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never..',
  );
  const node = nodeInfo(makeNode('a', { cpu: '4', memory: '1Gi' }));
  addPod(node, podInfo(makePod('low', { cpu: '1', node: 'a', priority: -1 })));
  addPod(node, podInfo(makePod('same', { cpu: '2', node: 'a' })));
  const big = podInfo(makePod('p', { cpu: '3', memory: '2Gi' }));
  assert.equal(
    unschedulableMessage(big, failures(big, [node])),
    '0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. preemption: 0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory..',
  );
});
