import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergePatch } from './merge.ts';

test('RFC 7386 examples', () => {
  const target = { title: 'Goodbye!', author: { givenName: 'John', familyName: 'Doe' }, tags: ['example', 'sample'], content: 'This will be unchanged' };
  const patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
  assert.deepEqual(mergePatch(target, patch), {
    title: 'Hello!',
    author: { givenName: 'John' },
    tags: ['example'],
    content: 'This will be unchanged',
    phoneNumber: '+01-123-456-7890',
  });
  assert.equal(target.author.familyName, 'Doe', 'the target is not modified');
  assert.deepEqual(mergePatch({ a: 'b' }, { a: { bb: null, c: 'd' } }), { a: { c: 'd' } });
  assert.deepEqual(mergePatch({ a: [{ b: 'c' }] }, { a: [1] }), { a: [1] });
  assert.deepEqual(mergePatch(['a', 'b'], { a: 'c' }), { a: 'c' });
  assert.deepEqual(mergePatch({ a: 'foo' }, 'bar'), 'bar');
  assert.deepEqual(mergePatch({}, { a: { bb: { ccc: null } } }), { a: { bb: {} } });
});
