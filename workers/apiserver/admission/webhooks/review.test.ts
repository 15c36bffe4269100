import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyResponse } from './review.ts';

const review = (response: object) => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response });

test('an answer must carry the request uid, the v1 kind, and patches only from mutating webhooks', () => {
  assert.throws(() => verifyResponse('u', false, {}), /^Error: webhook response was absent$/);
  assert.throws(() => verifyResponse('u', false, review({ uid: 'x', allowed: true })), /^Error: expected response\.uid="u", got "x"$/);
  assert.throws(
    () => verifyResponse('u', false, { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: 'u' } }),
    /^Error: expected webhook response of admission\.k8s\.io\/v1, Kind=AdmissionReview, got admission\.k8s\.io\/v1beta1, Kind=AdmissionReview$/,
  );
  assert.throws(() => verifyResponse('u', false, review({ uid: 'u', allowed: true, patch: 'W10=', patchType: 'JSONPatch' })), /validating webhook may not return response\.patch/);
  assert.throws(() => verifyResponse('u', true, review({ uid: 'u', allowed: true, patch: 'W10=' })), /webhook returned response\.patch but not response\.patchType/);
  const ok = verifyResponse('u', true, review({ uid: 'u', allowed: true, patch: 'W10=', patchType: 'JSONPatch', warnings: ['w'] }));
  assert.deepEqual({ allowed: ok.allowed, patch: ok.patch, patchType: ok.patchType, warnings: ok.warnings }, { allowed: true, patch: 'W10=', patchType: 'JSONPatch', warnings: ['w'] });
});
