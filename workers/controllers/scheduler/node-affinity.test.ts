import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preferredAffinityWeight, requiredAffinityMatches } from './node-affinity.ts';
import { makeNode, makePod } from '../nodelifecycle/fake-context.test-support.ts';

const node = makeNode('n1', { labels: { disque: 'ssd', zone: 'a', gen: '5' } });
const required = (terms: unknown[]) => makePod('p', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } as never });

test('nodeSelector needs every label', () => {
  assert.equal(requiredAffinityMatches(makePod('p', { spec: { nodeSelector: { disque: 'ssd' } } }), node), true);
  assert.equal(requiredAffinityMatches(makePod('p', { spec: { nodeSelector: { disque: 'ssd', zone: 'b' } } }), node), false);
});

test('required terms are ORed, expressions ANDed, with every operator', () => {
  const expr = (key: string, operator: string, values?: string[]) => ({ matchExpressions: [{ key, operator, values }] });
  assert.equal(requiredAffinityMatches(required([expr('disque', 'In', ['hdd', 'ssd'])]), node), true);
  assert.equal(requiredAffinityMatches(required([expr('disque', 'NotIn', ['ssd'])]), node), false);
  assert.equal(requiredAffinityMatches(required([expr('absent', 'NotIn', ['x'])]), node), true);
  assert.equal(requiredAffinityMatches(required([expr('zone', 'Exists')]), node), true);
  assert.equal(requiredAffinityMatches(required([expr('zone', 'DoesNotExist')]), node), false);
  assert.equal(requiredAffinityMatches(required([expr('gen', 'Gt', ['4'])]), node), true);
  assert.equal(requiredAffinityMatches(required([expr('gen', 'Lt', ['4'])]), node), false);
  assert.equal(requiredAffinityMatches(required([expr('zone', 'In', ['b']), expr('zone', 'In', ['a'])]), node), true, 'terms are ORed');
  assert.equal(requiredAffinityMatches(required([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'disque', operator: 'In', values: ['hdd'] }] }]), node), false, 'expressions are ANDed');
  assert.equal(requiredAffinityMatches(required([{}]), node), false, 'an empty term matches nothing');
  assert.equal(requiredAffinityMatches(required([expr('zone', 'Bogus', ['a'])]), node), false, 'an invalid term matches nothing');
});

test('matchFields knows metadata.name', () => {
  const field = (operator: string, values: string[]) => ({ matchFields: [{ key: 'metadata.name', operator, values }] });
  assert.equal(requiredAffinityMatches(required([field('In', ['n1'])]), node), true);
  assert.equal(requiredAffinityMatches(required([field('In', ['n2'])]), node), false);
  assert.equal(requiredAffinityMatches(required([field('NotIn', ['n2'])]), node), true);
  assert.equal(requiredAffinityMatches(required([{ matchFields: [{ key: 'metadata.labels', operator: 'In', values: ['x'] }] }]), node), false);
});

test('preferred terms add their weights', () => {
  const pod = makePod('p', {
    spec: {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 10, preference: { matchExpressions: [{ key: 'disque', operator: 'In', values: ['ssd'] }] } },
            { weight: 5, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] } },
            { weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } },
          ],
        },
      },
    } as never,
  });
  assert.equal(preferredAffinityWeight(pod, node), 11);
});
