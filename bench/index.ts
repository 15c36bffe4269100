/**
 * `npm run bench [-- --quick]`: the API server's figures against the local runtime (real workers
 * in miniflare, embedded libSQL behind the Hrana server) on a fresh data directory, as the issue
 * asks, then the controllers' and node agents' (workloads.ts). Prints each figure as it is known and a summary against the targets; never asserts.
 * The runtime runs in a process of its own (runtime-child.ts), so the clients' event loop is not
 * its Hrana server's and TLS front's, and its RSS and CPU are counted apart from the clients'.
 * Everything listens on 127.0.0.1, and everything started is stopped, even on Ctrl-C.
 */
import { cpus, loadavg } from 'node:os';
import { apiClient, nowMs } from './client.ts';
import { cpuMeter, waitForQuiet } from './cpu.ts';
import { cronClock, measureCron } from './cron.ts';
import { measureCreates } from './creates.ts';
import { measureClusters } from './clusters.ts';
import { FAIR_SHARE_OUT_OF_REACH, measureAuthorization } from './authorization.ts';
import { announce, met, summaryTable, type Figure } from './figures.ts';
import { measureGets } from './get.ts';
import { measureLists } from './list.ts';
import { rssFigure } from './memory.ts';
import { createNamespace } from './objects.ts';
import { measureRss, rssSampler } from './rss.ts';
import { fmt } from './stats.ts';
import { measureWatch } from './watch.ts';
import { measureWorkloads } from './workloads.ts';
import { measureInteractive } from './interactive.ts';
import { measureNetworking } from './networking-phase.ts';
import { measureWebhooks } from './webhooks.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-child.ts';
import { loopDelayMonitor, type LoopDelay } from './loop-delay.ts';
import { apiProcessesArg } from './api-processes-arg.ts';

const quick = process.argv.includes('--quick');
/** `--only api,workloads,authorization,webhooks,clusters,interactive,networking`: some sections (the idle RSS always) */
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const want = (section: string) => !onlyArg || onlyArg.split(',').includes(section);
/** `--api-processes=N`: workerd processes serving the API (default 1) */
const apiProcesses = apiProcessesArg();

/** Counts and time bounds; --quick keeps the shapes (16 clients, 100 watchers) with less of each. */
const plan = quick
  ? { creates1: 150, warmUp16: 200, listSize: 1_000, createSeconds: 25, gets: 300, listRepeat: 2, watchRate: 20, watchBaselineSeconds: 2, watchSeconds: 3 }
  : { creates1: 1_000, warmUp16: 2_000, listSize: 10_000, createSeconds: 240, gets: 2_000, listRepeat: 3, watchRate: 50, watchBaselineSeconds: 4, watchSeconds: 10 };

// creates16 and idleRssMb: issue 11 (a class of 100 laptops), stricter than the API server's first targets
const TARGETS = { creates16: 1_500, listMs: 500, watchP99Ms: 50, idleRssMb: 250 };
const LIST_NS = 'bench-list';
const WATCH_NS = 'bench-watch';

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const record = (fs: Figure[]) => fs.forEach((f) => (figures.push(f), announce(f)));
  /**
   * A titled step whose figures are recorded, with the CPU it cost each process. It starts once
   * workerd is idle and, `seconds` being how long it may take, clear of the runtime's cron.
   * `on`: the runtime the step loads, if not the main one (the agents' fresh one).
   */
  const phase = async <T extends { figures: Figure[] }>(title: string, seconds: number, run: () => Promise<T>, on?: RuntimeProcess): Promise<T> => {
    const runtime = on ?? cp!;
    console.log(title);
    // the main runtime's backlog would load the machine under a fresh one's step too
    let waited = 0;
    for (const r of new Set([cp!, runtime])) waited += await waitForQuiet(r.pid);
    await clock?.stepAround(seconds);
    if (waited >= 1) record([{ name: `workerd busy before: ${title}`, value: waited, unit: 's', note: "the controllers' backlog of the phase before" }]);
    const cpu = await cpuMeter(runtime.pid);
    const benchCpu0 = process.cpuUsage();
    loop.take();
    await runtime.eventLoopDelay();
    const out = await run();
    record(out.figures);
    const [bench, served, benchCpu] = [loop.take(), await runtime.eventLoopDelay(), process.cpuUsage(benchCpu0)];
    const used = await cpu.end();
    const ms = (d: LoopDelay) => `${fmt(d.p99Ms, 0)}/${fmt(d.maxMs, 0)} ms`;
    const benchPct = `${fmt((100 * (benchCpu.user + benchCpu.system)) / 1e6 / used.wall, 0)}%`;
    console.log(`  (${used.text}, the bench's clients ${benchPct}; event loop delay p99/max: the bench's ${ms(bench)}, the runtime's ${ms(served)})`);
    return out;
  };
  // the clients' own event loop: what a latency figure includes besides the runtime's
  const loop = loopDelayMonitor();
  const only = (p: Promise<Figure[]>) => p.then((figures) => ({ figures }));
  let clock: ReturnType<typeof cronClock> | undefined;
  console.log(`timonier bench${quick ? ' (quick)' : ''}${apiProcesses > 1 ? `, API in ${apiProcesses} workerd processes` : ''}: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), node ${process.version}`);
  // the figures are only as good as the machine is quiet: say how busy it was
  const load = () => `load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`;
  console.log(`${load()} at start`);

  let cp: RuntimeProcess | undefined;
  // `on`, not `once`: tsx relays a Ctrl-C a second time when we are slow to answer it
  process.on('SIGINT', () => void (cp?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));

  try {
    const t0 = nowMs();
    cp = await startRuntimeProcess({ apiserverSettings: FAIR_SHARE_OUT_OF_REACH, apiProcesses });
    clock = cronClock(nowMs(), cp.pid);
    console.log(`control plane up in ${fmt((nowMs() - t0) / 1000)} s at ${cp.url}`);
    const api = apiClient(cp);

    console.log('idle RSS (once the runtime is at rest after its start: workerd idle, the idle collection done)');
    await new Promise((ok) => setTimeout(ok, 3_000));
    await waitForQuiet(cp.pid, 10);
    await cp.settled();
    record([rssFigure('RSS idle', await measureRss(cp.pid), TARGETS.idleRssMb)]);

    if (want('api')) {
      await createNamespace(api, LIST_NS);
      await createNamespace(api, WATCH_NS);
      const peak = rssSampler(cp.pid);

      const one = await phase('creates, 1 client', 10, () =>
        measureCreates(api, { namespace: LIST_NS, clients: 1, count: plan.creates1, from: 0, maxSeconds: plan.createSeconds }),
      );
      const sixteen = await phase(`creates, 16 clients (filling ${LIST_NS} to ${plan.listSize})`, plan.listSize / 400, () =>
        measureCreates(api, {
          namespace: LIST_NS,
          clients: 16,
          count: plan.listSize - one.created,
          from: one.created,
          warmUp: plan.warmUp16,
          maxSeconds: plan.createSeconds,
          target: TARGETS.creates16,
        }),
      );
      const existing = one.created + sixteen.created;
      await phase('GET, 1 client', 10, () => only(measureGets(api, { namespace: LIST_NS, existing, count: plan.gets, maxSeconds: 60 })));
      await phase(`LIST of ${existing} configmaps`, 10, () =>
        only(measureLists(api, { namespace: LIST_NS, expected: existing, repeat: plan.listRepeat, targetMs: existing >= 10_000 ? TARGETS.listMs : undefined })),
      );
      await phase('cron: one scheduled run, triggered by hand', 10, () => only(measureCron(cp!, existing)));

      // one watcher first: the pipeline's own latency, without the fan-out
      const watch = { namespace: WATCH_NS, rate: plan.watchRate, drainSeconds: 10 };
      await phase(`watch, 1 watcher, ${plan.watchRate} writes/s for ${plan.watchBaselineSeconds} s`, plan.watchBaselineSeconds + 5, () =>
        only(measureWatch(api, { ...watch, tag: '1 watcher', watchers: 1, seconds: plan.watchBaselineSeconds })),
      );
      await phase(`watch, 100 watchers, ${plan.watchRate} writes/s for ${plan.watchSeconds} s`, plan.watchSeconds + 10, () =>
        only(measureWatch(api, { ...watch, tag: '100 watchers', watchers: 100, seconds: plan.watchSeconds, targetP99Ms: TARGETS.watchP99Ms })),
      );

      record([rssFigure('RSS under load (peak)', await peak.stop())]);
    }
    if (want('workloads')) await measureWorkloads({ cp, api, phase, quick });
    if (want('authorization')) await measureAuthorization({ cp, api, phase, quick });
    if (want('webhooks')) await measureWebhooks({ api, phase, quick });
    if (want('clusters')) await measureClusters({ cp, api, phase, quick, fresh: ['api', 'workloads', 'authorization', 'webhooks'].every((s) => !want(s)) });
    if (want('interactive')) await measureInteractive({ cp, api, phase, quick });
    if (want('networking')) await measureNetworking({ cp, api, phase, quick });
    api.close();

    console.log(`${load()} at the end`);
    const withTargets = figures.filter((f) => f.target);
    console.log(`\nSummary${quick ? ' (quick: smaller counts; LIST has no target below 10 000 objects)' : ''}\n`);
    console.log(summaryTable(figures));
    console.log(`\n${withTargets.filter((f) => met(f)).length}/${withTargets.length} targets met`);
  } finally {
    await cp?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
