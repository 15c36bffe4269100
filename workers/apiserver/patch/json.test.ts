import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../lib/errors.ts';
import { jsonPatch } from './json.ts';

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return { code: e.code, message: e.message, reason: e.status.reason };
  }
  assert.fail('expected an error');
};

test('applies operations to a copy', () => {
  const doc = { metadata: { labels: { a: '1' } }, spec: { list: [1, 2] } };
  const out = jsonPatch(doc, [
    { op: 'add', path: '/metadata/labels/b', value: '2' },
    { op: 'remove', path: '/metadata/labels/a' },
    { op: 'add', path: '/spec/list/-', value: 3 },
    { op: 'test', path: '/spec/list/0', value: 1 },
    { op: 'move', from: '/spec/list', path: '/spec/items' },
  ]);
  assert.deepEqual(out, { metadata: { labels: { b: '2' } }, spec: { items: [1, 2, 3] } });
  assert.deepEqual(doc.metadata.labels, { a: '1' });
});

test('a failing operation is 422 with the generic message, a malformed body 400', () => {
  const gen = { code: 422, reason: 'Invalid', message: 'the server rejected our request due to an error in our request' };
  assert.deepEqual(status(() => jsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])), gen);
  assert.deepEqual(status(() => jsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])), gen);
  assert.deepEqual(status(() => jsonPatch({ a: 1 }, [{ op: 'frob', path: '/a' }])), gen);
  assert.deepEqual(status(() => jsonPatch({ a: 1 }, { op: 'add' })), {
    code: 400,
    reason: 'BadRequest',
    message: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
  });
  const many = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/a', value: 1 }));
  assert.equal(status(() => jsonPatch({ a: 1 }, many)).code, 413);
});
