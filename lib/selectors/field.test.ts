import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors.ts';
import { checkFieldSelector, fieldSelectorToString, matchesFields, parseFieldSelector } from './field.ts';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.equal(e.code, 400);
    return e.message;
  }
  assert.fail('expected an error');
};

test('parses =, ==, != and escapes', () => {
  assert.deepEqual(parseFieldSelector('status.phase!=Running,metadata.name==a\\,b,spec.nodeName='), [
    { field: 'metadata.name', operator: '==', value: 'a,b' },
    { field: 'spec.nodeName', operator: '=', value: '' },
    { field: 'status.phase', operator: '!=', value: 'Running' },
  ]);
  assert.deepEqual(parseFieldSelector('a=x\\=y\\\\'), [{ field: 'a', operator: '=', value: 'x=y\\' }]);
  assert.deepEqual(parseFieldSelector(''), []);
  assert.equal(fieldSelectorToString(parseFieldSelector('a=x\\,y')), 'a=x\\,y');
});

test("Kubernetes' error messages", () => {
  assert.equal(message(() => parseFieldSelector('foo')), "invalid selector: 'foo'; can't understand 'foo'");
  assert.equal(message(() => parseFieldSelector('a=b=c')), 'invalid field selector: unescaped character in value: 61');
  assert.equal(message(() => parseFieldSelector('a=b\\x')), 'invalid field selector: invalid escape sequence: \\x');
  assert.equal(message(() => parseFieldSelector('a=b\\')), 'invalid field selector: invalid escape sequence: \\');
  const reqs = parseFieldSelector('metadata.name=a,spec.foo=b');
  assert.equal(message(() => checkFieldSelector(reqs, (f) => f.startsWith('metadata.'))), 'field label not supported: spec.foo');
});

test('matching: a missing field reads as empty', () => {
  const fields: Record<string, string> = { 'metadata.name': 'p', 'spec.nodeName': '' };
  const m = (s: string) => matchesFields(parseFieldSelector(s), (f) => fields[f]);
  assert.equal(m('metadata.name=p'), true);
  assert.equal(m('metadata.name!=p'), false);
  assert.equal(m('spec.nodeName='), true);
  assert.equal(m('spec.nodeName!='), false);
  assert.equal(m('status.phase='), true);
  assert.equal(m('metadata.name=p,spec.nodeName=n1'), false);
});
