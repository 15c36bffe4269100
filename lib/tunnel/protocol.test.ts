import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFrame, fromBase64, parseDataFrame, toBase64, tunnelPath } from './protocol.ts';

test('a data frame carries its request id before the bytes', () => {
  const frame = dataFrame(0x01020304, new TextEncoder().encode('hi'));
  assert.deepEqual([...frame], [1, 2, 3, 4, 104, 105]);
  const parsed = parseDataFrame(frame.subarray(0)); // a view, as a WebSocket message may be
  assert.equal(parsed?.id, 0x01020304);
  assert.equal(new TextDecoder().decode(parsed?.bytes), 'hi');
  assert.equal(parseDataFrame(new Uint8Array(3)), undefined);
});

test('a data frame parses from a view into a larger buffer', () => {
  const buf = new Uint8Array(10);
  buf.set(dataFrame(7, new Uint8Array([9, 9])), 3);
  const parsed = parseDataFrame(buf.subarray(3, 9));
  assert.equal(parsed?.id, 7);
  assert.deepEqual([...parsed!.bytes], [9, 9]);
});

test('base64 round-trips binary and large outputs', () => {
  const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
  assert.deepEqual(fromBase64(toBase64(bytes)), bytes);
  assert.equal(toBase64(new TextEncoder().encode('hi\n')), 'aGkK');
});

test('node names are escaped in the tunnel path', () => {
  assert.equal(tunnelPath('n1.example'), '/timonier/v1/nodes/n1.example/tunnel');
});
