import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../../lib/api/apiextensions.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ruleCompileError, validateRules } from './rules.ts';

const schema: JSONSchemaProps = {
  type: 'object',
  'x-kubernetes-validations': [{ rule: "self.metadata.name.startsWith('c')", message: 'the name starts with c' }],
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        { rule: 'self.replicas <= self.maxReplicas' },
        { rule: 'self.replicas >= oldSelf.replicas', message: 'replicas may only grow', reason: 'FieldValueForbidden' },
        { rule: 'self.replicas != 7', messageExpression: "'7 is not allowed, got ' + string(self.replicas)", fieldPath: '.replicas' },
      ],
      properties: {
        replicas: { type: 'integer' },
        maxReplicas: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size() <= 3', message: 'short tags' }] } },
      },
    },
  },
};
const obj = (name: string, spec: object) => ({ apiVersion: 'x/v1', kind: 'X', metadata: { name }, spec }) as KubeObject;
const texts = (o: KubeObject, old?: KubeObject) => validateRules(schema, o, old ? 'update' : 'object', old).map((e) => `${e.field}: ${e.body}`);

test('rules on the object alone, with Kubernetes texts', () => {
  assert.deepEqual(texts(obj('ct', { replicas: 2, maxReplicas: 5, tags: ['abc'] })), []);
  assert.deepEqual(texts(obj('x', { replicas: 6, maxReplicas: 5, tags: ['abcd'] })), [
    '<nil>: Invalid value: "object": the name starts with c',
    'spec: Invalid value: "object": failed rule: self.replicas <= self.maxReplicas',
    'spec.tags[0]: Invalid value: "string": short tags',
  ]);
  assert.deepEqual(texts(obj('ct', { replicas: 7, maxReplicas: 9 })), ['spec.replicas: Invalid value: "object": 7 is not allowed, got 7']);
});

test('transition rules run on updates, against the old object', () => {
  assert.deepEqual(texts(obj('ct', { replicas: 1, maxReplicas: 5 }), obj('ct', { replicas: 3, maxReplicas: 5 })), ['spec: Forbidden: replicas may only grow']);
  assert.deepEqual(texts(obj('ct', { replicas: 4, maxReplicas: 5 }), obj('ct', { replicas: 3, maxReplicas: 5 })), []);
});

test('optionalOldSelf: a transition rule that runs on creation too, its oldSelf an optional', () => {
  const sized: JSONSchemaProps = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          sizeGB: { type: 'integer', 'x-kubernetes-validations': [{ rule: '!oldSelf.hasValue() || self >= oldSelf.value()', message: 'cannot shrink', optionalOldSelf: true }] },
          serverless: { type: 'boolean', 'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue()', message: 'cannot be added', optionalOldSelf: true }] },
        },
      },
    },
  };
  const run = (pass: 'object' | 'create' | 'update', o: object, old?: object) => validateRules(sized, obj('x', o), pass, old && obj('x', old)).map((e) => `${e.field}: ${e.body}`);
  assert.deepEqual(run('object', { sizeGB: 5, serverless: true }), [], 'not a rule on the object alone');
  assert.deepEqual(run('create', { sizeGB: 5 }), [], 'oldSelf is none on creation');
  assert.deepEqual(run('create', { sizeGB: 5, serverless: true }), ['spec.serverless: Invalid value: "boolean": cannot be added']);
  assert.deepEqual(run('update', { sizeGB: 4 }, { sizeGB: 5 }), ['spec.sizeGB: Invalid value: "integer": cannot shrink']);
  assert.deepEqual(run('update', { sizeGB: 6, serverless: true }, { sizeGB: 5 }), ['spec.serverless: Invalid value: "boolean": cannot be added'], 'none where the old object has no value');
  assert.deepEqual(run('update', { sizeGB: 6, serverless: true }, { sizeGB: 5, serverless: false }), []);
});

test('a rule that does not compile is reported with CEL text', () => {
  assert.match(ruleCompileError({ rule: 'self.x ==' }) ?? '', /^compilation failed: ERROR: <input>:1:\d+: Syntax error/);
  assert.equal(ruleCompileError({ rule: 'self.x == 1' }), undefined);
});

test('ratcheting: on an update, the rules on unchanged values are not run again; transition rules are', () => {
  const stored = obj('ct', { replicas: 6, maxReplicas: 5, tags: ['toolong'] }); // kept before the rules were added
  const ratcheted = (o: KubeObject) => validateRules(schema, o, 'object', stored).map((e) => e.field);
  assert.deepEqual(ratcheted(obj('ct', { replicas: 6, maxReplicas: 5, tags: ['toolong'] })), [], 'nothing changed: nothing checked');
  assert.deepEqual(ratcheted(obj('ct', { replicas: 6, maxReplicas: 5, tags: ['toolong', 'abc'] })), ['spec', 'spec.tags[0]'], 'a changed value is checked, its atomic list items with it');
  assert.deepEqual(validateRules(schema, obj('ct', { replicas: 6, maxReplicas: 5, tags: ['toolong'] }), 'object').length, 2, 'a creation ratchets nothing');
  assert.deepEqual(texts(obj('ct', { replicas: 5, maxReplicas: 5, tags: ['toolong'] }), stored), ['spec: Forbidden: replicas may only grow']);
});
