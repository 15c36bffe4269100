import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../../lib/api/admissionregistration/vap.ts';
import { validateBinding, validatePolicy } from './vap-validation.ts';

const policy = (spec: ValidatingAdmissionPolicy['spec']): ValidatingAdmissionPolicy => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' }, spec });
const rules = { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }] };
const texts = (errs: { field: string; body: string }[]) => errs.map((e) => `${e.field}: ${e.body}`);

test('policies: required fields, supported values, then every expression compiled with its declarations', () => {
  assert.deepEqual(texts(validatePolicy(policy({}))), ['spec.matchConstraints: Required value', 'spec.validations: Required value: validations or auditAnnotations must contain at least one item']);
  assert.deepEqual(texts(validatePolicy(policy({ matchConstraints: rules, failurePolicy: 'Sometimes', validations: [{ expression: 'true', reason: 'Nope' }] }))), [
    'spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
    'spec.validations[0].reason: Unsupported value: "Nope": supported values: "Unauthorized", "Forbidden", "Invalid", "RequestEntityTooLarge"',
  ]);
  // params only with paramKind; authorizer not in messageExpression; variables typed in order
  const errs = texts(
    validatePolicy(
      policy({
        matchConstraints: rules,
        variables: [{ name: 'n', expression: 'size(object.metadata.name)' }],
        validations: [
          { expression: 'params.max > 1' },
          { expression: 'variables.n > 1', messageExpression: "authorizer.path('/x').check('get').reason()" },
          { expression: 'variables.m', messageExpression: 'variables.n' },
        ],
        auditAnnotations: [{ key: 'k', valueExpression: "'v'" }],
      }),
    ),
  );
  assert.equal(errs.length, 4, errs.join('\n'));
  assert.match(errs[0], /^spec\.validations\[0\]\.expression: Invalid value: "params\.max > 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params'/);
  assert.match(errs[1], /^spec\.validations\[1\]\.messageExpression: .*undeclared reference to 'authorizer'/);
  assert.match(errs[2], /^spec\.validations\[2\]\.expression: .*undefined field 'm'/);
  assert.equal(errs[3], 'spec.validations[2].messageExpression: Invalid value: "variables.n": must evaluate to string but got int');
  assert.deepEqual(validatePolicy(policy({ paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: rules, validations: [{ expression: 'int(params.data.max) > 1' }] })), []);
});

test('bindings: policyName, actions, paramRef', () => {
  const b = (spec: ValidatingAdmissionPolicyBinding['spec']): ValidatingAdmissionPolicyBinding => ({ metadata: { name: 'b' }, spec });
  assert.deepEqual(texts(validateBinding(b({}))), ['spec.policyName: Required value', 'spec.validationActions: Required value: at least one validation action is required']);
  assert.deepEqual(texts(validateBinding(b({ policyName: 'p', validationActions: ['Deny', 'Nope'], paramRef: { name: 'x' } }))), [
    'spec.validationActions[1]: Unsupported value: "Nope": supported values: "Audit", "Deny", "Warn"',
    'spec.paramRef.parameterNotFoundAction: Required value',
  ]);
  assert.deepEqual(validateBinding(b({ policyName: 'p', validationActions: ['Warn', 'Audit'], paramRef: { selector: {}, parameterNotFoundAction: 'Allow' } })), []);
});
