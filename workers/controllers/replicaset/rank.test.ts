import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { podsToDelete } from './rank.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function pod(name: string, o: { node?: string; phase?: string; readyFor?: number; created?: number; restarts?: number; cost?: string } = {}): Pod {
  const ready = o.readyFor !== undefined;
  return {
    metadata: { name, uid: `uid-${name}`, creationTimestamp: ago(o.created ?? 100), annotations: o.cost ? { 'controller.kubernetes.io/pod-deletion-cost': o.cost } : undefined },
    spec: { nodeName: o.node ?? 'n1', containers: [] },
    status: {
      phase: o.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: ago(o.readyFor ?? 0) }],
      containerStatuses: [{ name: 'c', restartCount: o.restarts ?? 0, ready, image: 'x', imageID: '' }],
    },
  };
}

const names = (pods: Pod[]) => pods.map((p) => p.metadata.name);
const first = (pods: Pod[], related = pods) => names(podsToDelete(pods, related, 1, NOW))[0];

test('unscheduled, then Pending, then not ready go first', () => {
  assert.equal(first([pod('ready', { readyFor: 60 }), pod('unscheduled', { node: '' }), pod('pending', { phase: 'Pending' })]), 'unscheduled');
  assert.equal(first([pod('ready', { readyFor: 60 }), pod('pending', { phase: 'Pending' }), pod('unknown', { phase: 'Unknown' })]), 'pending');
  assert.equal(first([pod('ready', { readyFor: 60 }), pod('not-ready')]), 'not-ready');
});

test('a lower pod-deletion-cost goes first, before any age rule', () => {
  assert.equal(first([pod('young', { readyFor: 1, created: 1, cost: '10' }), pod('cheap', { readyFor: 900, created: 900, cost: '-5' })]), 'cheap');
});

test('pods doubled up on a node with their siblings go first', () => {
  const a = pod('alone', { node: 'n1', readyFor: 1, created: 1 });
  const b = pod('crowded', { node: 'n2', readyFor: 900, created: 900 });
  const sibling = pod('sibling', { node: 'n2', readyFor: 900 });
  assert.equal(first([a, b], [a, b, sibling]), 'crowded');
});

test('ready for less time, then more restarts, then newer go first; ages compare by power-of-two buckets', () => {
  assert.equal(first([pod('long', { readyFor: 600 }), pod('short', { readyFor: 5 })]), 'short');
  assert.equal(first([pod('calm', { readyFor: 60, restarts: 0 }), pod('flappy', { readyFor: 60, restarts: 3 })]), 'flappy');
  assert.equal(first([pod('old', { readyFor: 60, created: 3600 }), pod('new', { readyFor: 60, created: 10 })]), 'new');
  // 100 s and 101 s fall in the same bucket: the uid decides, stably
  const tie = [pod('b', { readyFor: 100, created: 100 }), pod('a', { readyFor: 101, created: 101 })];
  assert.equal(first(tie), 'a');
  assert.equal(first([...tie].reverse()), 'a');
});

test('asking for as many as there are returns them all', () => {
  const pods = [pod('x'), pod('y')];
  assert.deepEqual(names(podsToDelete(pods, pods, 5, NOW)), ['x', 'y']);
  assert.deepEqual(names(podsToDelete([pod('ready', { readyFor: 9 }), pod('a', { node: '' }), pod('b', { phase: 'Pending' })], [], 2, NOW)), ['a', 'b']);
});
