/**
 * The figures of issues 3 and 4, after the API server's: the controllers' chain and the scheduler
 * with nodes played by the benchmark (chain.ts, scheduling.ts), `kubectl apply` on a real
 * containerd node (containerd.ts), and many node agents with the simulated runtime (agents.ts).
 * Each step cleans up what it made (nodes, pods, agents), so the next starts from a quiet cluster.
 *
 * The agents run on a control plane of their own (in a process of its own, runtime-child.ts, as the
 * main one is), one per scale point: a node agent that stops drops its pod watch, and a dropped watch can stall
 * the pods' watch hub for everyone (see tracker.ts), so the figures after a stopped agent would
 * measure that stall; and the issue's "peak RSS of the whole runtime" and "workerd CPU" are then
 * that process tree's, without the agents (the students' laptops) or the idle main control plane.
 */
import { issueTargets, measureAgents } from './agents.ts';
import { measureChain } from './chain.ts';
import { apiClient, type Api } from './client.ts';
import { measureContainerd } from './containerd.ts';
import type { Figure } from './figures.ts';
import { createNamespace } from './objects.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-child.ts';
import { measureScheduling } from './scheduling.ts';

/** bench/index.ts's phase: a titled step, started once workerd (of `on`, by default the main runtime) is idle and clear of the cron */
export type Phase = <T extends { figures: Figure[] }>(title: string, seconds: number, run: () => Promise<T>, on?: RuntimeProcess) => Promise<T>;

const TARGETS = { boundMs: 50, availableMs: 150, podsPerSecond: 200, applyMs: 400 };
/** `--workloads=chain,scheduling,containerd,agents`: some of the steps only (all by default) */
const stepsArg = process.argv.find((a) => a.startsWith('--workloads='))?.slice('--workloads='.length);
const step = (name: string) => !stepsArg || stepsArg.split(',').includes(name);

export async function measureWorkloads(o: { cp: RuntimeProcess; api: Api; phase: Phase; quick: boolean }): Promise<void> {
  const { cp, api, phase } = o;
  const plan = o.quick
    ? { chainRuns: 5, pods: 200, nodes: 20, applyRuns: 3, fleets: [{ agents: 20, pods: 200 }], steadySeconds: 10 }
    : { chainRuns: 20, pods: 1_000, nodes: 100, applyRuns: 10, fleets: [{ agents: 100, pods: 1_000 }, { agents: 200, pods: 2_000 }], steadySeconds: 30 };
  const only = (p: Promise<Figure[]>) => p.then((figures) => ({ figures }));
  for (const ns of ['bench-chain', 'bench-sched']) await createNamespace(api, ns);

  if (step('chain')) {
    await phase(`Deployment of 2 replicas → pods bound → 2 available, ${plan.chainRuns} runs (2 simulated nodes)`, 30, () =>
      only(measureChain(api, { namespace: 'bench-chain', runs: plan.chainRuns, targets: TARGETS, runtimePid: cp.pid })),
    );
  }
  if (step('scheduling')) {
    await phase(`scheduling ${plan.pods} pods on ${plan.nodes} simulated nodes`, 30, () =>
      only(measureScheduling(api, { namespace: 'bench-sched', pods: plan.pods, nodes: plan.nodes, clients: 16, maxSeconds: 120, target: TARGETS.podsPerSecond })),
    );
  }
  if (step('containerd'))
    await phase(`kubectl apply on a containerd node, ${plan.applyRuns} runs`, 30, () => only(measureContainerd(cp, api, { runs: plan.applyRuns, targetMs: TARGETS.applyMs })));
  for (const fleet of step('agents') ? plan.fleets : []) {
    await onFreshRuntime(async (cp, api) => {
      await createNamespace(api, 'bench-agents');
      await phase(`${fleet.agents} node agents (simulated runtime) and ${fleet.pods} pods, on a fresh control plane in a process of its own`, 50, () =>
        only(
          measureAgents(cp, api, {
            namespace: 'bench-agents',
            agents: fleet.agents,
            pods: fleet.pods,
            deployments: 10,
            steadySeconds: plan.steadySeconds,
            maxSeconds: fleet.agents > 100 ? 300 : 180,
            ...issueTargets(fleet.agents),
          }),
        ),
        cp,
      );
    });
  }
}

/** Runs `fn` against a control plane in a child process of its own, stopped by its pid afterwards (even on Ctrl-C). */
async function onFreshRuntime(fn: (cp: RuntimeProcess, api: Api) => Promise<void>): Promise<void> {
  let cp: RuntimeProcess | undefined;
  const stop = () => void cp?.stop();
  process.on('SIGINT', stop); // not `once`: tsx relays a Ctrl-C a second time when we are slow to answer it
  try {
    cp = await startRuntimeProcess();
    const api = apiClient(cp);
    try {
      await fn(cp, api);
    } finally {
      api.close();
    }
  } finally {
    process.off('SIGINT', stop);
    await cp?.stop();
  }
}
