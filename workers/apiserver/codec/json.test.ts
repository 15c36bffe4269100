import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonSyntaxError, readJson } from './json.ts';

const err = (s: string) => {
  try {
    readJson(s);
  } catch (e) {
    assert.ok(e instanceof JsonSyntaxError);
    return e.message;
  }
  assert.fail(`expected a syntax error for ${s}`);
};

test("Go's syntax error texts", () => {
  assert.equal(err(''), 'unexpected end of JSON input');
  assert.equal(err('{"apiVersion":"v1","kind":"Con'), 'unexpected end of JSON input');
  assert.equal(err('x'), "invalid character 'x' looking for beginning of value");
  assert.equal(err('{"a" 1}'), "invalid character '1' after object key");
  assert.equal(err('{"a":1 "b":2}'), `invalid character '"' after object key:value pair`);
  assert.equal(err('{"a":1,}'), "invalid character '}' looking for beginning of object key string");
  assert.equal(err('{a:1}'), "invalid character 'a' looking for beginning of object key string");
  assert.equal(err('[1 2]'), "invalid character '2' after array element");
  assert.equal(err('[1,]'), "invalid character ']' looking for beginning of value");
  assert.equal(err('{} x'), "invalid character 'x' after top-level value");
  assert.equal(err('{"a":tru}'), "invalid character '}' in literal true (expecting 'e')");
  assert.equal(err('{"a":nul'), 'unexpected end of JSON input');
  assert.equal(err('{"a":-x}'), "invalid character 'x' in numeric literal");
  assert.equal(err('{"a":1.}'), "invalid character '}' after decimal point in numeric literal");
  assert.equal(err('{"a":1e}'), "invalid character '}' in exponent of numeric literal");
  assert.equal(err('{"a":01}'), "invalid character '1' after object key:value pair");
  assert.equal(err('{"a":"\\x"}'), "invalid character 'x' in string escape code");
  assert.equal(err('{"a":"\\u12g4"}'), "invalid character 'g' in \\u hexadecimal character escape");
  assert.equal(err('{"a":"\n"}'), "invalid character '\\n' in string literal");
  assert.equal(err("{'a':1}"), "invalid character '\\'' looking for beginning of object key string");
});

test('the error says where', () => {
  try {
    readJson('{\n  "a": 1,\n  "b" 2\n}');
  } catch (e) {
    assert.ok(e instanceof JsonSyntaxError);
    assert.deepEqual([e.line, e.column, e.offset], [3, 7, 18]);
    return;
  }
  assert.fail('expected a syntax error');
});

test('values and duplicate key paths', () => {
  const r = readJson('{"metadata":{"name":"a","name":"b"},"spec":{"containers":[{"image":"x","image":"y"}]},"k\\u0065y":1,"key":2}');
  assert.deepEqual(r.value, { metadata: { name: 'b' }, spec: { containers: [{ image: 'y' }] }, key: 2 });
  assert.deepEqual(r.duplicates, ['metadata.name', 'spec.containers[0].image', 'key']);
  assert.deepEqual(readJson('{"a":1,"a":2}', { duplicates: false }).duplicates, []);
});

test('repeated keys are found behind strings that look like keys, escaped quotes and empty keys', () => {
  const tricky = '{"data":{"a":"x\\": 1, \\"a\\": 2","b":"\\\\","":"e"},"list":[{"k":":"},{"k":"\\"k\\":"}],"data2":{"a":1}}';
  assert.deepEqual(readJson(tricky).duplicates, [], 'no repeat: nothing reported');
  assert.deepEqual(readJson('{"data":{"a":"\\"a\\":","a":2}}').duplicates, ['data.a']);
  assert.deepEqual(readJson('{"":1 , "" :2}').duplicates, ['']);
  assert.deepEqual(readJson('[{"a":1},{"b":{"c":[{"d":1,"d":2}]}}]').duplicates, ['[1].b.c[0].d']);
  assert.deepEqual(readJson('{"__proto__":{"x":1},"__proto__":{"x":2}}').duplicates, ['__proto__']);
});
