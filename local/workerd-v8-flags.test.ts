import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { passV8Flags, withV8Flags, workerdV8Flags, DEFAULT_WORKERD_V8_FLAGS } from './workerd-v8-flags.ts';

const { Miniflare, Runtime, serializeConfig } = createRequire(import.meta.url)('miniflare') as typeof import('miniflare');

test('a real workerd runs with the flags added to the config miniflare gives it', { timeout: 60_000 }, async () => {
  passV8Flags(Runtime, ['--expose-gc', ...DEFAULT_WORKERD_V8_FLAGS]);
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(typeof gc) } }',
    host: '127.0.0.1',
  });
  try {
    // `gc` exists in a worker only when V8 got --expose-gc: the flags reached workerd, and the
    // rest of the config is intact (the worker runs)
    assert.equal(await (await mf.dispatchFetch('http://localhost/')).text(), 'function');
  } finally {
    await mf.dispose();
  }
});

test('the flags go in a segment of their own, and are set once', () => {
  const config = serializeConfig({ services: [{ name: 'a', worker: { compatibilityDate: '2024-01-01', modules: [{ name: 'a.js', esModule: 'export default {}' }] } }] });
  const patched = withV8Flags(config, ['--x=1']);
  const segments = (b: Buffer) => b.readUInt32LE(0) + 1;
  assert.equal(segments(patched), segments(config) + 1);
  assert.throws(() => withV8Flags(patched, ['--y']), /already set/);
});

test('TIMONIER_WORKERD_V8_FLAGS replaces the defaults; empty means none', () => {
  assert.deepEqual(workerdV8Flags({}), DEFAULT_WORKERD_V8_FLAGS);
  assert.deepEqual(workerdV8Flags({ TIMONIER_WORKERD_V8_FLAGS: ' --a  --b=2 ' }), ['--a', '--b=2']);
  assert.deepEqual(workerdV8Flags({ TIMONIER_WORKERD_V8_FLAGS: '' }), []);
});
