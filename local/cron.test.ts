import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { Miniflare } from 'miniflare';
import { checkCrons, cronTrigger, everyMinute } from './cron.ts';
import type { WranglerConfig } from './wrangler-config.ts';

const config = (name: string, crons: string[]) => ({ name, triggers: { crons } }) as WranglerConfig;

/** A miniflare stand-in that records which worker's scheduled handler ran and answers `outcome`. */
function fakeMf(outcome = 'ok') {
  const fired: string[] = [];
  const mf = {
    getWorker: async (name: string) => ({
      scheduled: async ({ cron, scheduledTime }: { cron: string; scheduledTime?: Date }) => {
        fired.push(`${name} ${cron}${scheduledTime ? ` at ${scheduledTime.toISOString()}` : ''}`);
        return { outcome, noRetry: false };
      },
    }),
  } as unknown as Miniflare;
  return { mf, fired };
}

test('checkCrons refuses schedules the runtime cannot fire on time', () => {
  assert.doesNotThrow(() => checkCrons([config('a', ['* * * * *']), config('b', [])]));
  assert.throws(() => checkCrons([config('a', ['*/5 * * * *'])]), /a: the local runtime only fires "\* \* \* \* \*", not \*\/5/);
});

test('cronTrigger fires every worker that declares the cron, in order', async () => {
  const { mf, fired } = fakeMf();
  await cronTrigger(mf, [config('api', ['* * * * *']), config('none', []), config('ctl', ['* * * * *'])])();
  assert.deepEqual(fired, ['api * * * * *', 'ctl * * * * *']);
});

test('cronTrigger runs the handlers as at the time given (the controllers\' resyncs depend on the minute)', async () => {
  const { mf, fired } = fakeMf();
  await cronTrigger(mf, [config('api', ['* * * * *'])])('* * * * *', Date.parse('2026-12-03T04:00:00Z'));
  assert.deepEqual(fired, ['api * * * * * at 2026-12-03T04:00:00.000Z']);
});

test('cronTrigger rejects an undeclared cron and a failed handler', async () => {
  await assert.rejects(cronTrigger(fakeMf().mf, [config('api', ['* * * * *'])])('0 0 * * *'), /no worker declares the cron "0 0 \* \* \*"/);
  await assert.rejects(cronTrigger(fakeMf('exception').mf, [config('api', ['* * * * *'])])(), /api: scheduled handler .* ended with exception/);
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
