/**
 * A runtime that runs nothing (like KWOK): sandboxes get an IP from a private range after
 * `sandboxDelayMs`, containers are "running" `startDelayMs` after StartContainer, init containers
 * exit 0 after `initRunMs`, StopContainer ends a container at once with 143, ExecSync answers
 * `echo` and succeeds otherwise, and probes succeed `readyDelayMs` after the start. Streams
 * (exec and attach with stdin, port-forward) are simulated too, so that tests without containerd
 * drive the whole path: see simulated-streams.ts. Each
 * container's log file gets one line, in the CRI format, so `kubectl logs` has something to show.
 * State lives in memory: a restart of the agent starts from an empty runtime. Usage
 * (ContainerStats) is deterministic: each running container uses the CPU and memory its pod's
 * annotations `simulated.timonier.dev/cpu` and `.../memory` say (default 2m and 16Mi), so tests
 * can steer `kubectl top` and the HPA.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseQuantity } from '../../lib/quantity/quantity.ts';
import { LABELS, type ContainerInfo, type ContainerSpec, type ContainerStats, type ExecResult, type ImageInfo, type Labels, type ProbeOutcome, type Runtime, type SandboxInfo, type SandboxSpec } from './types.ts';
import { criLogLine } from '../logs/format.ts';
import { simulatedPort, simulatedProcess } from './simulated-streams.ts';
import type { PortConnection, ProcessOutput, RemoteProcess, StreamOptions } from './types.ts';

export interface SimulatedOptions {
  sandboxDelayMs?: number;
  startDelayMs?: number;
  readyDelayMs?: number;
  initRunMs?: number;
  /** picks this runtime's pod IP range, 10.<128+subnet%128>.x.y; one per node */
  subnet?: number;
  /** whether an image counts as already on the node (default: every image) */
  imagePresent?: (image: string) => boolean;
  /** a pull error message for this image, or undefined when the pull succeeds */
  pullError?: (image: string) => string | undefined;
  /** write each container's one-line log file (default true) */
  writeLogs?: boolean;
}

interface Sandbox extends SandboxInfo {
  spec: SandboxSpec;
}

/** the pod annotations that set a simulated container's usage, and the figures without them */
export const SIMULATED_USAGE = { cpu: 'simulated.timonier.dev/cpu', memory: 'simulated.timonier.dev/memory', defaultCpu: '2m', defaultMemory: '16Mi' } as const;
const nanos = (q: string | undefined, fallback: string) => Number(parseQuantity(q ?? fallback)?.nano ?? parseQuantity(fallback)!.nano);

const matches = (have: Labels, want?: Labels) => !want || Object.entries(want).every(([k, v]) => have[k] === v);
const enc = new TextEncoder();

export class SimulatedRuntime implements Runtime {
  readonly kind = 'simulated' as const;
  private readonly sandboxes = new Map<string, Sandbox>();
  private readonly containers = new Map<string, ContainerInfo>();
  /** pending delays and how to release their waiters if the runtime closes first */
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  private readonly pulled = new Set<string>();
  /** ephemeral container → the container whose process namespace it shares */
  private readonly pidTargets = new Map<string, string>();
  private nextIp = 2;
  private seq = 0;

  constructor(readonly opts: SimulatedOptions = {}) {}

  async version() {
    return { runtimeName: 'simulated', runtimeVersion: '0.1.0', runtimeApiVersion: 'v1' };
  }

  private later(ms: number, fn: () => void): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        fn();
        resolve();
      }, ms);
      this.timers.set(t, resolve);
    });
  }

  private id(prefix: string): string {
    return `${prefix}${(++this.seq).toString(16).padStart(8, '0')}${Math.random().toString(16).slice(2, 10)}`;
  }

  private allocateIp(): string {
    const n = this.nextIp++;
    if ((n & 255) === 255) this.nextIp += 3; // skip .255, .0 and .1
    const subnet = 128 + ((this.opts.subnet ?? 0) % 128);
    return `10.${subnet}.${(n >> 8) & 255}.${n & 255}`;
  }

  async runSandbox(spec: SandboxSpec): Promise<string> {
    const id = this.id('sim-sb-');
    await this.later(this.opts.sandboxDelayMs ?? 50, () => {
      const ips = spec.hostNetwork ? [] : [this.allocateIp()];
      this.sandboxes.set(id, { id, ready: true, createdAt: new Date(), ips, attempt: spec.attempt, labels: { ...spec.labels }, spec });
    });
    return id;
  }
  async stopSandbox(id: string) {
    const sb = this.sandboxes.get(id);
    if (!sb) return;
    sb.ready = false;
    sb.ips = [];
    for (const c of this.containers.values()) if (c.sandboxId === id && c.state === 'running') this.exit(c, 137);
  }
  async removeSandbox(id: string) {
    await this.stopSandbox(id);
    this.sandboxes.delete(id);
    for (const [cid, c] of this.containers) if (c.sandboxId === id) this.containers.delete(cid);
  }
  async sandboxStatus(id: string): Promise<SandboxInfo | undefined> {
    const sb = this.sandboxes.get(id);
    return sb && { id: sb.id, ready: sb.ready, createdAt: sb.createdAt, ips: [...sb.ips], attempt: sb.attempt, labels: sb.labels };
  }
  async listSandboxes(labels?: Labels): Promise<SandboxInfo[]> {
    return [...this.sandboxes.values()].filter((s) => matches(s.labels, labels)).map((s) => ({ id: s.id, ready: s.ready, createdAt: s.createdAt, ips: [...s.ips], attempt: s.attempt, labels: s.labels }));
  }

  async createContainer(sandboxId: string, spec: ContainerSpec, sandbox: SandboxSpec): Promise<string> {
    if (!this.sandboxes.get(sandboxId)?.ready) throw new Error(`sandbox ${sandboxId} is not ready`);
    // as containerd: a process namespace is joined only in the same sandbox, while its owner runs
    if (spec.pidTarget) {
      const target = this.containers.get(spec.pidTarget);
      if (target?.sandboxId !== sandboxId || target.state !== 'running') throw new Error(`target container ${spec.pidTarget} is not running in sandbox ${sandboxId}`);
    }
    const id = this.id('sim-c-');
    if (spec.pidTarget) this.pidTargets.set(id, spec.pidTarget);
    this.containers.set(id, {
      id,
      sandboxId,
      name: spec.name,
      attempt: spec.attempt,
      state: 'created',
      createdAt: new Date(),
      image: spec.userImage,
      imageRef: `sha256:${'0'.repeat(64)}`,
      logPath: join(sandbox.logDirectory, spec.logPath),
      labels: { ...spec.labels },
      annotations: { ...spec.annotations },
    });
    return id;
  }

  async startContainer(id: string) {
    const c = this.containers.get(id);
    if (!c) throw new Error(`container ${id} not found`);
    await this.later(this.opts.startDelayMs ?? 50, () => {
      if (c.state !== 'created') return;
      c.state = 'running';
      c.startedAt = new Date();
    });
    if (this.opts.writeLogs !== false && c.logPath) await this.log(c.logPath, `simulated container ${c.name} started (attempt ${c.attempt})`);
    if (c.labels[LABELS.containerKind] === 'init') void this.later(this.opts.initRunMs ?? 100, () => c.state === 'running' && this.exit(c, 0));
  }

  private exit(c: ContainerInfo, code: number) {
    c.state = 'exited';
    c.exitCode = code;
    c.reason = code === 0 ? 'Completed' : 'Error';
    c.finishedAt = new Date();
  }

  private async log(path: string, line: string) {
    try {
      await mkdir(dirname(path), { recursive: true });
      await appendFile(path, criLogLine(new Date(), 'stdout', line));
    } catch {
      // logs are a convenience here; an unwritable directory must not fail the container
    }
  }

  async stopContainer(id: string) {
    const c = this.containers.get(id);
    if (c && (c.state === 'running' || c.state === 'created')) this.exit(c, c.state === 'running' ? 143 : 0);
  }
  async removeContainer(id: string) {
    this.containers.delete(id);
    this.pidTargets.delete(id);
  }
  /** The container whose processes `id` sees (`kubectl debug --target`), for tests. */
  pidTargetOf(id: string): string | undefined {
    return this.pidTargets.get(id);
  }
  async listContainers(labels?: Labels): Promise<ContainerInfo[]> {
    return [...this.containers.values()].filter((c) => matches(c.labels, labels)).map((c) => ({ ...c }));
  }
  async containerStatus(id: string): Promise<ContainerInfo | undefined> {
    const c = this.containers.get(id);
    return c && { ...c };
  }
  async execSync(id: string, command: string[]): Promise<ExecResult> {
    const c = this.containers.get(id);
    if (c?.state !== 'running') throw new Error(`container ${id} is not running`);
    const out = command[0] === 'echo' ? `${command.slice(1).join(' ')}\n` : '';
    return { stdout: enc.encode(out), stderr: new Uint8Array(), exitCode: 0 };
  }

  async exec(id: string, command: string[], opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess> {
    if (this.containers.get(id)?.state !== 'running') throw new Error(`container ${id} is not running`);
    return simulatedProcess(command, opts, out);
  }
  async attach(id: string, opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess> {
    if (this.containers.get(id)?.state !== 'running') throw new Error(`container ${id} is not running`);
    return simulatedProcess([], opts, out);
  }
  async portForward(sandboxId: string, port: number): Promise<PortConnection> {
    const sb = this.sandboxes.get(sandboxId);
    if (!sb?.ready) throw new Error(`sandbox ${sandboxId} is not ready`);
    return simulatedPort(sb.spec.name, port);
  }

  async imageStatus(image: string): Promise<ImageInfo | undefined> {
    if (!this.pulled.has(image) && !(this.opts.imagePresent ?? (() => true))(image)) return undefined;
    return { id: `sha256:${'0'.repeat(64)}`, repoTags: [image], repoDigests: [], size: 1 };
  }
  async pullImage(image: string): Promise<string> {
    const err = this.opts.pullError?.(image);
    if (err) throw new Error(err);
    this.pulled.add(image);
    return `sha256:${'0'.repeat(64)}`;
  }

  async containerStats(labels?: Labels): Promise<ContainerStats[]> {
    const now = Date.now();
    return [...this.containers.values()]
      .filter((c) => c.state === 'running' && c.startedAt && matches(c.labels, labels))
      .map((c) => {
        const ann = this.sandboxes.get(c.sandboxId)?.spec.annotations ?? {};
        const cores = nanos(ann[SIMULATED_USAGE.cpu], SIMULATED_USAGE.defaultCpu) / 1e9; // nano-units of a core → cores
        const memory = nanos(ann[SIMULATED_USAGE.memory], SIMULATED_USAGE.defaultMemory) / 1e9;
        return { id: c.id, labels: { ...c.labels }, at: now, cpuCoreNanoSeconds: Math.round(cores * (now - c.startedAt!.getTime()) * 1e6), memoryWorkingSetBytes: Math.round(memory) };
      });
  }

  probe(containerId: string): ProbeOutcome {
    const c = this.containers.get(containerId);
    if (c?.state !== 'running' || !c.startedAt) return 'failure';
    return Date.now() - c.startedAt.getTime() >= (this.opts.readyDelayMs ?? 0) ? 'success' : 'failure';
  }

  close() {
    for (const [t, release] of this.timers) {
      clearTimeout(t);
      release();
    }
    this.timers.clear();
  }
}
