/**
 * The benchmark's runtime in a process of its own (bench/runtime-child.ts): what the benchmark
 * asks it besides HTTP comes back over IPC, its figures count its own process tree (not the
 * test's), and its stop leaves neither the process, its workerd nor its data directory behind.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { apiClient, expectStatus } from '../../bench/client.ts';
import { cpuMeter } from '../../bench/cpu.ts';
import { descendants, measureRss } from '../../bench/rss.ts';
import { startRuntimeProcess, type RuntimeProcess } from '../../bench/runtime-child.ts';

let cp: RuntimeProcess | undefined;
after(() => cp?.stop());

/** running, not a zombie (an orphaned workerd stays one until init reaps it) */
const alive = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return status !== '' && !/^State:\s*Z/m.test(status);
};

test('a runtime in a child process answers HTTP and IPC calls, is measured apart and stops cleanly', { timeout: 180_000 }, async () => {
  cp = await startRuntimeProcess({ apiserverSettings: { FAIR_SHARE_QPS: '0' } });
  assert.notEqual(cp.pid, process.pid);
  const api = apiClient(cp);
  try {
    expectStatus(await api.request('GET', '/api/v1/namespaces/default'), 200);
  } finally {
    api.close();
  }
  // the paths it sends back are the child's files, readable here (kubectl, signed tokens)
  assert.match(await readFile(cp.kubeconfigPath, 'utf8'), new RegExp(cp.url.replaceAll('.', '\\.')));
  assert.ok((await readFile(`${cp.dataDir}/token-signing-key`, 'utf8')).trim().length > 0);

  // ControlPlane's methods, over IPC; calls in flight at once each get their own answer
  await Promise.all([cp.settled(), cp.triggerCron(), cp.settled(), cp.triggerCron(undefined, Date.now() - 3_600_000)]);
  // an error there is an error here, with its message; an absent argument stays absent (the default cron ran above)
  await assert.rejects(cp.triggerCron('17 3 * * *'), /no worker declares the cron "17 3/);
  const delay = await cp.eventLoopDelay();
  assert.ok(delay.p99Ms >= 0 && delay.maxMs >= delay.p99Ms, JSON.stringify(delay));
  // the controllers' queue, read through their worker: nothing waits once the runtime is at rest
  await cp.settled();
  assert.equal(await cp.controllersBacklog(), 0);

  // the runtime's tree: the child and its workerd; this process is not in it
  const tree = await descendants(cp.pid);
  assert.ok(tree.pids.length >= 1, 'workerd runs under the child');
  assert.ok(!tree.others.includes(process.pid));
  const rss = await measureRss(cp.pid);
  assert.deepEqual(rss.pids.sort(), tree.pids.sort());
  assert.ok(rss.node > 0 && rss.workerd > 0);
  const meter = await cpuMeter(cp.pid);
  await cp.triggerCron();
  const used = await meter.end();
  assert.ok(used.workerd > 0 || used.node > 0, used.text);

  const { pid, dataDir } = cp;
  await cp.stop();
  assert.equal(await alive(pid), false);
  for (const w of tree.pids) assert.equal(await alive(w), false, `workerd ${w} left running`);
  await assert.rejects(access(dataDir));
  await assert.rejects(cp.settled(), /gone/);
});
