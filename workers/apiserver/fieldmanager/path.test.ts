/** Path elements: their fieldsV1 keys, parsed once and serialized once (every write's managedFields go through them). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyElement, parseElement, serializeElement } from './path.ts';

test('a key parsed twice is one shared element, and serializes back to its canonical text', () => {
  const text = 'k:{"name":"web","port":80}';
  const e = parseElement(text);
  assert.equal(parseElement(text), e, 'shared, not parsed again');
  assert.equal(serializeElement(e), text);
  assert.equal(serializeElement(e), serializeElement(e));
  // another spelling of the same key: its own element, the same canonical text (Go's sorted JSON)
  const other = parseElement('k:{"port":80,"name":"web"}');
  assert.notEqual(other, e);
  assert.equal(serializeElement(other), text);
});

test('elements made by hand serialize like parsed ones, whatever their history', () => {
  assert.equal(serializeElement(keyElement([['type', 'Ready']])), 'k:{"type":"Ready"}');
  assert.equal(serializeElement({ value: { b: 1, a: '<x>' } }), 'v:{"a":"\\u003cx\\u003e","b":1}');
  assert.equal(serializeElement({ field: 'spec' }), 'f:spec');
  assert.equal(serializeElement({ index: 3 }), 'i:3');
  assert.deepEqual(parseElement('i:3'), { index: 3 });
  assert.throws(() => parseElement('x:1'), /unknown path element/);
});
