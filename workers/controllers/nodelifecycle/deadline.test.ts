import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evictionTime } from './deadline.ts';
import { addDefaultTolerations } from '../../apiserver/registry/kinds/pod/admission.ts';
import { makePod } from './fake-context.test-support.ts';

const SINCE = Date.parse('2026-01-01T00:01:00Z');
const unreachable = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const }];

test('by default a pod tolerates an unreachable node 300 s (DefaultTolerationSeconds admission)', () => {
  const pod = makePod('p');
  addDefaultTolerations(pod);
  assert.equal(evictionTime(pod.spec?.tolerations, unreachable, SINCE), SINCE + 300_000);
  assert.equal(evictionTime(pod.spec?.tolerations, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], SINCE), SINCE + 300_000);
});

test('untolerated: at once; the shortest toleration wins; no seconds: never; zero or less: at once', () => {
  assert.equal(evictionTime([], unreachable, SINCE), SINCE);
  assert.equal(evictionTime([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }], unreachable, SINCE), undefined);
  const two = [...unreachable, { key: 'gpu', effect: 'NoExecute' as const }];
  const tolerations = [
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 },
    { key: 'gpu', operator: 'Exists', tolerationSeconds: 60 },
  ];
  assert.equal(evictionTime(tolerations, two, SINCE), SINCE + 2000);
  assert.equal(evictionTime(tolerations.slice(0, 1), two, SINCE), SINCE, 'gpu not tolerated');
  assert.equal(evictionTime([{ operator: 'Exists', tolerationSeconds: -5 }], unreachable, SINCE), SINCE);
  assert.equal(evictionTime([], [], SINCE), undefined, 'no NoExecute taint');
});
