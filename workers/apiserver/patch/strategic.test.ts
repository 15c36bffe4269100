import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../lib/errors.ts';
import { deployment, pod } from '../codec/testdata/mini.ts';
import { strategicMerge } from './strategic.ts';

const live = () => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web', tier: 'fe' }, finalizers: ['a', 'b', 'c'] },
  spec: {
    replicas: 2,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
    template: {
      spec: {
        containers: [
          { name: 'app', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }] },
          { name: 'sidecar', image: 'busybox' },
        ],
        volumes: [{ name: 'data', emptyDir: {} }],
        tolerations: [{ key: 'x', operator: 'Exists' }],
      },
    },
  },
});
const containers = (o: unknown) => (o as ReturnType<typeof live>).spec.template.spec.containers;

const fails = (fn: () => unknown, code: number, re: RegExp) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError, String(e));
    assert.equal(e.code, code);
    assert.match(e.message, re);
    return;
  }
  assert.fail('expected an error');
};

test('kubectl apply: a changed image merges into the container by name', () => {
  const patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'app' }, { name: 'sidecar' }], containers: [{ image: 'nginx:1.26', name: 'app' }] } } } };
  const before = live();
  const out = strategicMerge(before, patch, deployment);
  assert.equal(containers(out)[0].image, 'nginx:1.26');
  assert.deepEqual(containers(out)[0].env, before.spec.template.spec.containers[0].env, 'other fields of the element are kept');
  assert.deepEqual(containers(out).map((c) => c.name), ['app', 'sidecar']);
  assert.equal(before.spec.template.spec.containers[0].image, 'nginx:1.25', 'the live object is not modified');
  assert.ok(!JSON.stringify(out).includes('$setElementOrder'));
});

test('kubectl apply: a removed env var and a removed container', () => {
  const patch = {
    spec: {
      template: {
        spec: {
          '$setElementOrder/containers': [{ name: 'app' }],
          containers: [{ '$setElementOrder/env': [{ name: 'A' }], env: [{ $patch: 'delete', name: 'B' }], name: 'app' }, { $patch: 'delete', name: 'sidecar' }],
        },
      },
    },
  };
  const out = strategicMerge(live(), patch, deployment);
  assert.deepEqual(containers(out).map((c) => c.name), ['app']);
  assert.deepEqual(containers(out)[0].env, [{ name: 'A', value: '1' }]);
});

test('a new element is appended; setElementOrder decides the final order', () => {
  const patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'init' }, { name: 'app' }, { name: 'sidecar' }], containers: [{ name: 'init', image: 'x' }] } } } };
  const out = strategicMerge(live(), patch, deployment);
  assert.deepEqual(containers(out).map((c) => c.name), ['init', 'app', 'sidecar']);
  const noOrder = strategicMerge(live(), { spec: { template: { spec: { containers: [{ name: 'init', image: 'x' }] } } } }, deployment);
  // as in Kubernetes: without $setElementOrder, patch items absent from the live list go first
  assert.deepEqual(containers(noOrder).map((c) => c.name), ['init', 'app', 'sidecar']);
});

test('setElementOrder must agree with the patch order', () => {
  const patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'app' }], containers: [{ name: 'app', image: 'a' }, { name: 'sidecar', image: 'b' }] } } } };
  fails(() => strategicMerge(live(), patch, deployment), 400, /^The order in patch list:\n/);
});

test('Recreate ↔ RollingUpdate with $retainKeys', () => {
  const toRecreate = strategicMerge(live(), { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } }, deployment);
  assert.deepEqual((toRecreate as ReturnType<typeof live>).spec.strategy, { type: 'Recreate' });
  const back = strategicMerge(toRecreate, { spec: { strategy: { $retainKeys: ['rollingUpdate', 'type'], rollingUpdate: { maxSurge: 1 }, type: 'RollingUpdate' } } }, deployment);
  assert.deepEqual((back as ReturnType<typeof live>).spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } });
  fails(() => strategicMerge(live(), { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: { maxSurge: 1 } } } }, deployment), 400, /^invalid patch format of retainKeys$/);
});

test('a volume switching source keeps only the retained keys', () => {
  const patch = { spec: { template: { spec: { volumes: [{ $retainKeys: ['hostPath', 'name'], hostPath: { path: '/d' }, name: 'data' }] } } } };
  const out = strategicMerge(live(), patch, deployment) as ReturnType<typeof live>;
  assert.deepEqual(out.spec.template.spec.volumes, [{ name: 'data', hostPath: { path: '/d' } }]);
});

test('null deletes map keys; lists without a strategy are replaced', () => {
  const out = strategicMerge(live(), { metadata: { labels: { tier: null, env: 'prod' } }, spec: { template: { spec: { tolerations: [{ key: 'y' }] } } } }, deployment) as ReturnType<typeof live>;
  assert.deepEqual(out.metadata.labels, { app: 'web', env: 'prod' });
  assert.deepEqual(out.spec.template.spec.tolerations, [{ key: 'y' }]);
});

test('scalar merge lists: union, and $deleteFromPrimitiveList', () => {
  const out = strategicMerge(live(), { metadata: { finalizers: ['d', 'a'] } }, deployment) as ReturnType<typeof live>;
  assert.deepEqual(out.metadata.finalizers, ['d', 'a', 'b', 'c']);
  const del = strategicMerge(live(), { metadata: { '$setElementOrder/finalizers': ['a', 'c'], '$deleteFromPrimitiveList/finalizers': ['b'] } }, deployment) as ReturnType<typeof live>;
  assert.deepEqual(del.metadata.finalizers, ['a', 'c']);
});

test('$patch: replace and delete, in lists and objects', () => {
  const repl = strategicMerge(live(), { spec: { template: { spec: { containers: [{ name: 'only', image: 'x' }, { $patch: 'replace' }] } } } }, deployment);
  assert.deepEqual(containers(repl), [{ name: 'only', image: 'x' }]);
  const objReplace = strategicMerge(live(), { spec: { strategy: { $patch: 'replace', type: 'Recreate' } } }, deployment) as ReturnType<typeof live>;
  assert.deepEqual(objReplace.spec.strategy, { type: 'Recreate' });
  const objDelete = strategicMerge(live(), { metadata: { labels: { $patch: 'delete' } } }, deployment) as ReturnType<typeof live>;
  assert.deepEqual(objDelete.metadata.labels, {});
  const absent = strategicMerge(live(), { metadata: { annotations: { $patch: 'delete' } } }, deployment) as ReturnType<typeof live> & { metadata: { annotations?: unknown } };
  assert.equal(absent.metadata.annotations, undefined);
  fails(() => strategicMerge(live(), { metadata: { labels: { $patch: 'merge' } } }, deployment), 400, /^unknown patch type: merge in map: map\[\$patch:merge\]$/);
  fails(() => strategicMerge(live(), { spec: { template: { spec: { containers: [{ $patch: 'merge' }] } } } }, deployment), 400, /^merging lists cannot yet be specified in the patch$/);
});

test('errors: missing merge key, lists of lists, bad patch bodies', () => {
  fails(() => strategicMerge(live(), { spec: { template: { spec: { containers: [{ image: 'x' }] } } } }, deployment), 400, /does not contain declared merge key: name$/);
  fails(() => strategicMerge({ metadata: { finalizers: [['a']] } }, { metadata: { finalizers: [['b']] } }, deployment), 422, /^the server rejected our request due to an error in our request$/);
  fails(() => strategicMerge(live(), [1], deployment), 400, /^json: cannot unmarshal array into Go value of type map\[string\]interface \{\}$/);
});

test('new subtrees are cleaned of nulls and directives', () => {
  const p = { spec: { containers: [{ name: 'a', image: 'x', command: null, env: [{ name: 'E', value: '1' }, { $patch: 'delete', name: 'F' }] }] } };
  const out = strategicMerge({ metadata: { name: 'p' } }, p, pod) as { spec: { containers: unknown[] } };
  assert.deepEqual(out.spec.containers, [{ name: 'a', image: 'x', env: [{ name: 'E', value: '1' }] }]);
});

test('ports merge on containerPort', () => {
  const p = { spec: { template: { spec: { containers: [{ name: 'app', ports: [{ containerPort: 443, name: 'https' }] }] } } } };
  const out = strategicMerge(live(), p, deployment);
  assert.deepEqual(containers(out)[0].ports, [{ containerPort: 443, name: 'https' }, { containerPort: 80 }]);
});
