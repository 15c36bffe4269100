import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldManagerOptionsError, managerFromRequest } from './request.ts';

test('the manager is fieldManager, else the User-Agent up to its first slash', () => {
  assert.equal(managerFromRequest('kubectl-client-side-apply', 'kubectl/v1.32.0 (linux/amd64) kubernetes/abc'), 'kubectl-client-side-apply');
  assert.equal(managerFromRequest(null, 'kubectl/v1.32.0 (linux/amd64) kubernetes/abc'), 'kubectl');
  assert.equal(managerFromRequest('', 'curl/8.5.0'), 'curl');
  assert.equal(managerFromRequest(null, 'kube-controller-manager/v1.32.0 (linux/amd64) kubernetes/abc/system:serviceaccount:kube-system:deployment-controller'), 'kube-controller-manager');
  assert.equal(managerFromRequest(null, null), '');
});

test('User-Agent managers drop non-printable characters and stop at 128 bytes', () => {
  assert.equal(managerFromRequest(null, 'my\tclient\u0007/1.0'), 'myclient');
  assert.equal(managerFromRequest(null, 'x'.repeat(200)), 'x'.repeat(128));
  assert.equal(managerFromRequest(null, 'x'.repeat(127) + 'é'), 'x'.repeat(127), 'a 2-byte character that does not fit is left out');
});

test('field-manager options are checked with Kubernetes wording', () => {
  assert.equal(fieldManagerOptionsError('PatchOptions', { fieldManager: 'm', apply: true }), undefined);
  assert.equal(
    fieldManagerOptionsError('PatchOptions', { fieldManager: null, force: true })?.status.message,
    'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
  );
  const long = fieldManagerOptionsError('CreateOptions', { fieldManager: 'm'.repeat(129) })!;
  assert.equal(long.code, 422);
  assert.match(long.status.message!, /^CreateOptions\.meta\.k8s\.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes$/);
  assert.match(fieldManagerOptionsError('UpdateOptions', { fieldManager: 'a\u0001' })!.status.message!, /fieldManager: Invalid value: .*: invalid character U\+0001 \(at position 1\)$/);
});
