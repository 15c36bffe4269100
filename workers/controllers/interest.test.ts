import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeMessage } from '../apiserver/env.ts';
import type { ControllerContext } from './framework/controller.ts';
import { newControllerSet } from './index.ts';
import { controllersAct } from './interest.ts';

/** a context whose every use fails the test: keysFor must decide a left-out change on the message alone */
const untouchable = new Proxy({} as ControllerContext, {
  get: (_, p) => {
    if (p === 'now') return () => new Date('2026-01-01T00:00:00Z');
    if (p === 'then') return undefined;
    throw new Error(`keysFor used ctx.${String(p)} for a change no controller should act on`);
  },
});

const change = (group: string, resource: string, type: ChangeMessage['type'], more: Partial<ChangeMessage> = {}): ChangeMessage => ({ cluster: 'default', rev: 7, group, resource, namespace: 'ns', name: 'x', type, ownersChanged: false, deleting: false, ...more });

/** Events, of any type: never sent (a terminating namespace's controller re-checks on its own timer) */
const events = (['ADDED', 'MODIFIED', 'DELETED'] as const).flatMap((type) => [change('', 'events', type), change('events.k8s.io', 'events', type)]);

/** other changes the API server does not send: of kinds no controller watches, and of watched kinds' neighbours */
const leftOut: ChangeMessage[] = [
  ...(['ADDED', 'MODIFIED'] as const).flatMap((type) => [
    change('', 'configmaps', type),
    change('', 'secrets', type),
    change('', 'endpoints', type),
    change('', 'limitranges', type),
    change('', 'podtemplates', type),
    change('apps', 'controllerrevisions', type),
    change('coordination.k8s.io', 'leases', type, { namespace: 'kube-system' }),
    change('rbac.authorization.k8s.io', 'roles', type),
    change('rbac.authorization.k8s.io', 'rolebindings', type),
    change('rbac.authorization.k8s.io', 'clusterrolebindings', type, { namespace: undefined }),
    change('storage.k8s.io', 'storageclasses', type, { namespace: undefined }),
    change('apiextensions.k8s.io', 'customresourcedefinitions', type, { namespace: undefined }),
    change('admissionregistration.k8s.io', 'validatingwebhookconfigurations', type, { namespace: undefined }),
    change('policy', 'poddisruptionbudgets', type),
    change('networking.k8s.io', 'ingresses', type),
    change('example.com', 'widgets', type),
  ]),
  // a namespace's annotation or label written (kubectl apply of a namespace that exists)
  change('', 'namespaces', 'MODIFIED', { namespace: undefined }),
];

test('no controller asks for a key on a change the API server leaves out', async () => {
  for (const m of events) assert.equal(controllersAct(m), false, `${m.group}/${m.resource} ${m.type} is left out`);
  for (const m of leftOut) {
    assert.equal(controllersAct(m), false, `${m.group}/${m.resource} ${m.type} is left out`);
    for (const c of newControllerSet()) assert.deepEqual(await c.keysFor(m, untouchable), [], `${c.name} on ${m.group}/${m.resource} ${m.type}`);
  }
});

test('changes the controllers act on are sent', () => {
  const sent = [
    change('', 'pods', 'MODIFIED'),
    change('', 'nodes', 'MODIFIED', { namespace: undefined }),
    change('apps', 'deployments', 'ADDED'),
    change('coordination.k8s.io', 'leases', 'MODIFIED', { namespace: 'kube-node-lease' }),
    change('', 'configmaps', 'MODIFIED', { name: 'kube-root-ca.crt' }),
    // any deletion (an owner gone, a namespace emptied, quota freed), but an Event's
    change('', 'configmaps', 'DELETED'),
    change('example.com', 'widgets', 'DELETED'),
    // the garbage collector's: owners changed, or unknown, or a deletion begun
    change('', 'configmaps', 'ADDED', { ownersChanged: true }),
    change('', 'secrets', 'MODIFIED', { ownersChanged: undefined }),
    change('example.com', 'widgets', 'MODIFIED', { deleting: true }),
    // a namespace created, its deletion begun or finalized, or a write whose facts are unknown
    change('', 'namespaces', 'ADDED', { namespace: undefined }),
    change('', 'namespaces', 'MODIFIED', { namespace: undefined, deleting: true }),
    change('', 'namespaces', 'MODIFIED', { namespace: undefined, ownersChanged: undefined, deleting: undefined }),
  ];
  for (const m of sent) assert.equal(controllersAct(m), true, `${m.group}/${m.resource} ${m.type} ${JSON.stringify(m)}`);
});
