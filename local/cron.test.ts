import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { checkCrons, cronTrigger, everyMinute } from './cron.ts';
import { Miniflare, workerRequest } from './miniflare.ts';
import type { WranglerConfig } from './wrangler-config.ts';

const config = (name: string, crons: string[]) => ({ name, triggers: { crons } }) as WranglerConfig;

// each worker records the scheduled runs it was given, and answers them to any request; cron "fail" throws
const recorder = (name: string) => ({
  name,
  modules: true,
  script: `let runs = [];
    export default {
      scheduled(e) { if (e.cron === 'fail') throw new Error('boom'); runs.push('${name} ' + e.cron + (e.scheduledTime ? ' at ' + new Date(e.scheduledTime).toISOString() : '')); },
      fetch() { return Response.json(runs); },
    };`,
});

/** A real miniflare with workers `api`, `none` and `ctl`, as the runtime makes it (the trigger enabled). */
async function withWorkers(run: (mf: Miniflare, runs: () => Promise<string[]>) => Promise<void>): Promise<void> {
  const mf = new Miniflare({ host: '127.0.0.1', port: 0, cf: false, unsafeTriggerHandlers: true, workers: ['api', 'none', 'ctl'].map(recorder) });
  try {
    const runs = async () => (await Promise.all(['api', 'none', 'ctl'].map(async (w) => (await (await workerRequest(mf, w, '/')).json()) as string[]))).flat();
    await run(mf, runs);
  } finally {
    await mf.dispose();
  }
}

test('checkCrons refuses schedules the runtime cannot fire on time', () => {
  assert.doesNotThrow(() => checkCrons([config('a', ['* * * * *']), config('b', [])]));
  assert.throws(() => checkCrons([config('a', ['*/5 * * * *'])]), /a: the local runtime only fires "\* \* \* \* \*", not \*\/5/);
});

test('cronTrigger fires every worker that declares the cron, as at the time given; it rejects an undeclared cron and a failed handler', { timeout: 60_000 }, async () => {
  await withWorkers(async (mf, runs) => {
    const configs = [config('api', ['* * * * *', 'fail']), config('none', []), config('ctl', ['* * * * *'])];
    await cronTrigger(mf, configs)();
    assert.deepEqual((await runs()).map((r) => r.replace(/ at .*/, '')), ['api * * * * *', 'ctl * * * * *']);
    // the controllers' resyncs depend on the minute: the time given is the one the handlers see
    await cronTrigger(mf, configs)('* * * * *', Date.parse('2001-02-03T04:00:00Z'));
    // the time given (a day long past: the first runs' times are now's)
    assert.deepEqual((await runs()).filter((r) => r.includes(' at 2001-')), ['api * * * * * at 2001-02-03T04:00:00.000Z', 'ctl * * * * * at 2001-02-03T04:00:00.000Z']);
    await assert.rejects(cronTrigger(mf, configs)('0 0 * * *'), /no worker declares the cron "0 0 \* \* \*"/);
    await assert.rejects(cronTrigger(mf, configs)('fail'), /api: scheduled handler for "fail" ended with exception/);
  });
});

test('everyMinute fires once a minute, never two runs at once, and stops', async () => {
  mock.timers.enable({ apis: ['setInterval'] });
  try {
    let runs = 0;
    let finish!: () => void;
    const cron = everyMinute(() => {
      runs++;
      return new Promise<void>((r) => (finish = r));
    });
    mock.timers.tick(59_999);
    assert.equal(runs, 0);
    mock.timers.tick(1);
    assert.equal(runs, 1);
    mock.timers.tick(60_000); // the first run is still going: skipped
    assert.equal(runs, 1);
    finish();
    await new Promise((r) => setImmediate(r));
    mock.timers.tick(60_000);
    assert.equal(runs, 2);
    const stopped = cron.stop();
    finish();
    await stopped;
    mock.timers.tick(120_000);
    assert.equal(runs, 2);
  } finally {
    mock.timers.reset();
  }
});
