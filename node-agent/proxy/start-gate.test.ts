import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StartGate } from './start-gate.ts';

test("a new sandbox's container is created at once but starts only once the rules are written", async () => {
  const gate = new StartGate();
  let write = () => {};
  gate.sandbox('sb1', new Promise<void>((ok) => (write = ok)));
  gate.created('sb1', 'c1');
  let started = false;
  const start = gate.ready('c1').then(() => (started = true));
  await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(started, false, 'held while the rules are being written');
  write();
  await start;
  assert.equal(started, true);
  // once written, later containers of the sandbox, and containers of other sandboxes, start at once
  gate.created('sb1', 'c2');
  gate.created('sb2', 'c3');
  let both = false;
  await Promise.race([Promise.all([gate.ready('c2'), gate.ready('c3')]).then(() => (both = true)), new Promise((ok) => setTimeout(ok, 100))]);
  assert.equal(both, true);
});
