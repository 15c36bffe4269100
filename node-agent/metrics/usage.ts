/**
 * What the node reports for metrics.k8s.io (asked through the tunnel, node-agent/handlers.ts): its
 * own usage and its running pods', CPU as rates over the window since the previous sample
 * (rates.ts). The agent samples in the background every `intervalMs` (metrics-server's default
 * resolution, 15 s) so that the first `kubectl top` already has a window; each request samples
 * again and closes a window when the last sample is old enough.
 *
 * Containers come from the runtime's ContainerStats (CRI ListContainerStats), only those carrying
 * this agent's owner labels. The node's usage comes from /proc (CPU time of every non-idle state,
 * memory total minus available), except on a simulated runtime, whose machine is not the node:
 * there it is the pods' usage plus a fixed system share.
 */
import { readFile } from 'node:fs/promises';
import type { NodeStats, UsageSample } from '../../lib/tunnel/protocol.ts';
import { LABELS, type Labels, type Runtime } from '../runtime/types.ts';
import { CounterRates, type Rate } from './rates.ts';

/** a simulated node's own share besides its pods */
export const SIMULATED_SYSTEM = { cpuNanoCores: 50e6, memoryBytes: 256 * 2 ** 20 };
/** Linux reports CPU time in USER_HZ ticks, 100 per second everywhere that matters */
const NS_PER_TICK = 1e7;
const NODE_KEY = '\u0000node';

export interface UsageOptions {
  runtime: Runtime;
  /** the agent's owner labels: containers of other agents sharing the runtime are not this node's */
  owner: Labels;
  /** the node's cumulative CPU and its memory; default /proc (unused with a simulated runtime) */
  readNode?: () => Promise<{ at: number; cpuCoreNanoSeconds: number; memoryBytes: number } | undefined>;
  minWindowMs?: number;
  /** where a background sample's failure is told (once, until samples work again) */
  log?: (line: string) => void;
}

export class NodeUsage {
  private readonly rates: CounterRates;
  private timer?: ReturnType<typeof setInterval>;
  /** the failure last told, so that a runtime failing every 15 s is told once */
  private failing?: string;

  constructor(private readonly o: UsageOptions) {
    this.rates = new CounterRates(o.minWindowMs ?? 1000);
  }

  /**
   * Samples now and every `intervalMs` until `stop()`. A failure is logged when it starts or
   * changes, and its end too: without it `kubectl top` would just miss this node's pods (containerd
   * fails ListContainerStats whole when one container's cgroup cannot be read).
   */
  start(intervalMs = 15_000): void {
    const log = this.o.log ?? (() => {});
    const tick = () =>
      void this.stats().then(
        () => {
          if (this.failing !== undefined) log('metrics: sampling works again');
          this.failing = undefined;
        },
        (e: Error) => {
          if (this.failing !== e.message) log(`metrics: sampling failed, kubectl top will miss this node's pods until it works: ${e.message}`);
          this.failing = e.message;
        },
      );
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async stats(): Promise<NodeStats> {
    const containers = (await this.o.runtime.containerStats?.(this.o.owner)) ?? [];
    const pods = new Map<string, NodeStats['pods'][number] & { rate: Rate }>();
    const live = new Set<string>([NODE_KEY]);
    for (const c of containers) {
      live.add(c.id);
      const rate = this.rates.observe(c.id, { at: c.at, value: c.cpuCoreNanoSeconds });
      if (!rate) continue;
      const namespace = c.labels[LABELS.podNamespace] ?? '';
      const name = c.labels[LABELS.podName] ?? '';
      const key = `${namespace}/${name}`;
      let pod = pods.get(key);
      if (!pod) pods.set(key, (pod = { namespace, name, timestamp: new Date(rate.at).toISOString(), windowSeconds: rate.windowMs / 1000, containers: [], rate }));
      pod.containers.push({ name: c.labels[LABELS.containerName] ?? '', cpuNanoCores: Math.round(rate.perSecond), memoryBytes: c.memoryWorkingSetBytes });
    }
    this.rates.retain(live);
    const podList = [...pods.values()].map(({ rate: _rate, ...p }) => p);
    return { ...(await this.nodeSample(podList)), pods: podList };
  }

  private async nodeSample(pods: NodeStats['pods']): Promise<{ node?: UsageSample }> {
    if (this.o.runtime.kind === 'simulated') {
      const sum = (f: (c: NodeStats['pods'][number]['containers'][number]) => number) => pods.reduce((n, p) => n + p.containers.reduce((m, c) => m + f(c), 0), 0);
      const first = pods[0];
      return {
        node: {
          timestamp: first?.timestamp ?? new Date().toISOString(),
          windowSeconds: first?.windowSeconds ?? 15,
          cpuNanoCores: SIMULATED_SYSTEM.cpuNanoCores + sum((c) => c.cpuNanoCores),
          memoryBytes: SIMULATED_SYSTEM.memoryBytes + sum((c) => c.memoryBytes),
        },
      };
    }
    const reading = await (this.o.readNode ?? readProc)();
    if (!reading) return {};
    const rate = this.rates.observe(NODE_KEY, { at: reading.at, value: reading.cpuCoreNanoSeconds });
    if (!rate) return {};
    return { node: { timestamp: new Date(rate.at).toISOString(), windowSeconds: rate.windowMs / 1000, cpuNanoCores: Math.round(rate.perSecond), memoryBytes: reading.memoryBytes } };
  }
}

/** The machine's CPU time and memory working set from /proc; undefined where there is no /proc. */
export async function readProc(): Promise<{ at: number; cpuCoreNanoSeconds: number; memoryBytes: number } | undefined> {
  try {
    const [stat, meminfo] = await Promise.all([readFile('/proc/stat', 'utf8'), readFile('/proc/meminfo', 'utf8')]);
    return { at: Date.now(), ...parseProc(stat, meminfo) };
  } catch {
    return undefined;
  }
}

/** CPU time of user, nice, system, irq, softirq and steal (idle and iowait are not usage); memory total minus available. */
export function parseProc(stat: string, meminfo: string): { cpuCoreNanoSeconds: number; memoryBytes: number } {
  const cpu = /^cpu\s+(.*)$/m.exec(stat)?.[1].trim().split(/\s+/).map(Number) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1] ?? 0) * 1024;
  return { cpuCoreNanoSeconds: (user + nice + system + irq + softirq + steal) * NS_PER_TICK, memoryBytes: Math.max(0, kb('MemTotal') - kb('MemAvailable')) };
}
