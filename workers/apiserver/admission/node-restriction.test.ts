import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { Storage } from '../storage/types.ts';
import { nodeRestrictionOnDelete, nodeRestrictionOnUpdate } from './node-restriction.ts';

const n1: UserInfo = { username: 'system:node:n1', groups: ['system:nodes'] };
const mine: KubeObject = { metadata: { name: 'mine', namespace: 'ns' }, spec: { nodeName: 'n1' } };
const theirs: KubeObject = { metadata: { name: 'theirs', namespace: 'ns' }, spec: { nodeName: 'n2' } };

test("a node's pod status write and delete: refused for another node's pod, on the object the write starts from", () => {
  const ctx = (user: UserInfo, subresource = '') => ({ storage: {} as Storage, user, subresource });
  const pods = { group: '', resource: 'pods' } as KindDescriptor;
  const message = (f: () => void) => {
    try {
      f();
      return undefined;
    } catch (e) {
      return (e as { status: { code: number; message: string } }).status.message;
    }
  };
  assert.equal(message(() => nodeRestrictionOnUpdate(ctx(n1, 'status'), pods, mine, mine)), undefined);
  assert.equal(message(() => nodeRestrictionOnUpdate(ctx(n1, 'status'), pods, theirs, theirs)), 'pods "theirs" is forbidden: node "n1" can only update pod status for pods with spec.nodeName set to itself');
  assert.equal(message(() => nodeRestrictionOnDelete(ctx(n1), pods, mine)), undefined);
  assert.equal(message(() => nodeRestrictionOnDelete(ctx(n1), pods, theirs)), 'pods "theirs" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  // not a node, or not a pod: nothing to say
  const admin: UserInfo = { username: 'admin', groups: ['system:masters'] };
  assert.equal(message(() => nodeRestrictionOnUpdate(ctx(admin, 'status'), pods, theirs, theirs)), undefined);
  assert.equal(message(() => nodeRestrictionOnDelete(ctx(n1), { group: '', resource: 'configmaps' } as KindDescriptor, theirs)), undefined);
});
