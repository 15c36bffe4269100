/**
 * One pod on this node: its sandbox, containers, probes and status. A worker syncs its pod
 * whenever something may have changed (a watch event, a container that changed state, a probe
 * result, a back-off that ended), one sync at a time: a request during a sync runs one more sync
 * after it, so requests coalesce and nothing is missed.
 *
 * A sync is level-triggered: it looks at the pod as the API has it and the containers as the
 * runtime has them, plans (plan.ts), acts, and writes the status when it changed. The worker's
 * own memory (back-offs, why a container waits, whether the pod was initialized) only refines
 * what the runtime shows, so a restart of the agent picks up running pods where they are.
 *
 * Ends: a pod with a deletionTimestamp is stopped (preStop, grace period), its final status
 * written, and deleted through the API with grace 0 and its uid as precondition; a pod that
 * disappeared from the API is stopped and its sandbox and files removed, and the worker retires.
 */
import { rm } from 'node:fs/promises';
import type { Pod, PodStatus, Probe } from '../../lib/api/core/pod.ts';
import { isConflict, isNotFound, type ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { fieldPathOf, type Recorder } from '../events.ts';
import { ProbeManager } from '../probes/manager.ts';
import { runAction } from '../probes/run.ts';
import type { ProbeKind } from '../probes/state.ts';
import { LABELS, type ContainerInfo, type Runtime, type SandboxSpec } from '../runtime/types.ts';
import { AckHold } from './ack-hold.ts';
import { Backoff } from './backoff.ts';
import { ConfigError, containerEnv, type ObjectLookup } from './env.ts';
import { runHook, type HookHandler } from './hooks.ts';
import { ImageError, ImagePuller } from './images.ts';
import { planPod, type Action, type RestartPolicy } from './plan.ts';
import { containerSpec, logDirectory, sandboxSpec } from './specs.ts';
import { podStatus } from './status.ts';
import type { StatusLane } from './status-lane.ts';
import { markStart } from './start-trace.ts';
import { deletionGrace, killContainer, killPod, type KillContext } from './termination.ts';
import { instancesByName, isExited, isRunning, podContainers, targetOf, type ContainerView } from './view.ts';
import { containerMounts, prepareVolumes, removePodDir, VolumeError } from './volumes.ts';
import type { ClusterDns } from '../dns/pod-config.ts';

export interface PodContext {
  api: ApiClient;
  runtime: Runtime;
  nodeName: string;
  /** labels on everything this agent creates in the runtime */
  owner: Record<string, string>;
  hostIPs(): string[];
  /** root of the pods' log directories (/var/log/pods) */
  logRoot: string;
  /** root of the pods' volume directories */
  podsDir: string;
  caPem: string;
  recorder: Recorder;
  lookup: ObjectLookup;
  /** prefix of container IDs in the status: containerd, simulated */
  runtimeName: string;
  log(line: string): void;
  /** the worker is done with its pod */
  retire(uid: string): void;
  /** the cluster DNS for ClusterFirst pods (none: the runtime's default resolv.conf) */
  dns?: () => ClusterDns;
  /** the agent's status writes, one at a time (status-lane.ts) */
  statusLane: StatusLane;
  /**
   * Whether the runtime may already hold this pod's sandbox or containers (it held them when the
   * agent started, or an earlier worker of this agent had the pod), asked once, as the worker is
   * made: a pod new to the runtime starts without looking there. Absent: always look.
   */
  mayHold?(uid: string): boolean;
}

/** A periodic sync catches what no trigger reported (a lost event, a runtime hiccup). */
const RESYNC_MS = 30_000;
const RETRY_MS = 2_000;
/** How long the status after a start waits for the first probes of the containers started. */
const FIRST_PROBE_WAIT_MS = 250;
/** How long a pod's ConfigMaps and Secrets are trusted before volumes are written again. */
const VOLUME_REFRESH_MS = 60_000;
/**
 * Volumes that cannot be prepared yet are looked at again every 300 ms, as the kubelet's volume
 * manager does: a claim is provisioned and bound a moment after its pod lands here (the binder
 * waits for the pod's node). Past 1.2 s, the wait grows with the time already waited (a quarter
 * of it, up to 10 s). The FailedMount event is told again only when its reason changes
 * or a while later, so that it is still listed (events expire) without repeating every poll.
 */
const MOUNT_POLL_MS = 300;
const MOUNT_EVENT_AGAIN_MS = 30_000;

export class PodWorker {
  pod: Pod;
  private gone = false;
  private retired = false;
  private sandbox?: { id: string; spec: SandboxSpec; ips: string[]; ready: boolean };
  private sandboxAttempt = 0;
  private sandboxFailedAt?: number;
  private readonly sandboxBackoff = new Backoff();
  private readonly restarts = new Backoff();
  private readonly puller: ImagePuller;
  /** why the agent holds a container back (image, config, runtime errors) until it next starts */
  private readonly failures = new Map<string, { reason: string; message?: string }>();
  private initialized = false;
  private initFailed = false;
  private readonly probes: ProbeManager;
  private volumes?: { dirs: Map<string, string>; at: number };
  private timer?: { at: number; handle: ReturnType<typeof setTimeout> };
  private running = false;
  private again = false;
  private terminated = false;
  /** a first sync ran (before it, every update is worth one) */
  private synced = false;
  private readonly abort = new AbortController();
  /** the views of the last sync, for logs and exec */
  views: ContainerView[] = [];
  /** status writes go one after the other, each conditional on the pod the previous one returned */
  private statusChain: Promise<void> = Promise.resolve();
  private statusSeq = 0;
  /** the status last asked for: a write whose turn in the agent's lane comes writes it */
  private newestStatus: PodStatus = {};
  private readonly ackHold = new AckHold();
  /** image checks (and pulls) started with the sandbox, taken by the containers' first start */
  private readonly prefetched = new Map<string, Promise<string>>();
  /** the runtime holds nothing of this pod yet: the first sync need not look (PodContext.mayHold) */
  private newToRuntime: boolean;

  constructor(
    pod: Pod,
    private readonly ctx: PodContext,
  ) {
    this.pod = pod;
    this.newToRuntime = !(ctx.mayHold?.(this.uid) ?? true);
    this.puller = new ImagePuller(ctx.runtime, new Backoff());
    this.probes = new ProbeManager({
      run: (kind, probe, name, containerId, timeoutMs) => this.runProbe(kind, probe, name, containerId, timeoutMs),
      changed: () => this.probeChanged(),
      failed: (kind, name, output) => this.probeFailed(kind, name, output),
    });
  }

  get uid(): string {
    return this.pod.metadata.uid ?? '';
  }

  update(pod: Pod): void {
    // a watch event may trail the agent's own status write: never go back to an older pod
    if (olderThan(pod.metadata.resourceVersion, this.pod.metadata.resourceVersion)) return;
    const before = this.pod;
    this.pod = pod;
    // the echo of the agent's own status write changes nothing worth a sync
    const same = sameStatus(pod.status ?? {}, before.status ?? {}) && JSON.stringify(pod.spec) === JSON.stringify(before.spec) && pod.metadata.deletionTimestamp === before.metadata.deletionTimestamp && pod.metadata.deletionGracePeriodSeconds === before.metadata.deletionGracePeriodSeconds;
    if (!same || !this.synced) this.kick();
  }

  /** The pod is no longer in the API (deleted, or moved off this node). */
  podGone(): void {
    this.gone = true;
    this.kick();
  }

  /** Stops timers and probes without touching containers (the agent is shutting down). */
  close(): void {
    this.retired = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer.handle);
    this.probes.stopAll();
  }

  kick(): void {
    if (this.retired) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.loop();
  }

  private async loop() {
    try {
      do {
        this.again = false;
        try {
          await this.sync();
        } catch (e) {
          if (this.retired) return;
          this.ctx.log(`pod ${this.describe()}: sync failed: ${(e as Error).message}`);
          this.syncAt(Date.now() + RETRY_MS);
        }
      } while (this.again && !this.retired);
    } finally {
      this.running = false;
    }
  }

  /** Asks for a sync at `at` (ms since the epoch), unless one is already due earlier. */
  private syncAt(at: number) {
    if (this.retired) return;
    if (this.timer && this.timer.at <= at) return;
    if (this.timer) clearTimeout(this.timer.handle);
    const handle = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, Math.max(0, at - Date.now()));
    this.timer = { at, handle };
  }

  private describe() {
    return `${this.pod.metadata.namespace}/${this.pod.metadata.name}`;
  }

  // --- events ---

  private event(type: 'normal' | 'warning', v: ContainerView | undefined, reason: string, message: string) {
    const target = { object: this.pod, fieldPath: v ? fieldPathOf(v.kind, v.spec.name) : undefined };
    this.ctx.recorder[type](target, reason, message);
  }

  private probeFailed(kind: ProbeKind, name: string, output: string) {
    const v = this.views.find((x) => x.spec.name === name);
    const what = kind === 'liveness' ? 'Liveness' : kind === 'readiness' ? 'Readiness' : 'Startup';
    this.event('warning', v, 'Unhealthy', `${what} probe failed: ${output.trim()}`);
  }

  /**
   * A probe's result changed. As the kubelet's status manager does with a readiness result, the
   * status says so at once, from the containers as the last sync saw them (no runtime call in
   * between); the sync that follows acts on it (a restart after a failed liveness probe).
   */
  private probeChanged() {
    const live = !this.retired && !this.gone && !this.pod.metadata.deletionTimestamp && !isTerminal(this.pod.status);
    if (live && this.synced && this.sandbox && this.views.length) {
      this.writeStatusBeside(this.status(this.views, false));
    }
    this.kick();
  }

  private runProbe(kind: ProbeKind, probe: Probe, name: string, containerId: string, timeoutMs: number) {
    if (this.ctx.runtime.probe) return Promise.resolve({ ok: this.ctx.runtime.probe(containerId) === 'success', output: 'simulated probe failure' });
    // from the pod's spec: the first probe runs as the container starts, before a sync has seen it
    const spec = podContainers(this.pod.spec ?? {}).find((x) => x.spec.name === name)?.spec;
    const run = runAction(probe, { runtime: this.ctx.runtime, containerId, podIP: this.podIP(), ports: spec?.ports ?? [] }, timeoutMs);
    if (kind === 'readiness') void run.then((r) => markStart(this.uid, r.ok ? 'probe-ok' : 'probe-failed'), () => undefined);
    return run;
  }

  private podIP(): string {
    return this.sandbox?.ips[0] ?? this.pod.status?.podIP ?? '';
  }

  // --- the sync ---

  private async sync(): Promise<void> {
    this.synced = true;
    if (this.gone) return this.cleanup();
    if (this.pod.metadata.deletionTimestamp) return this.terminate();
    if (isTerminal(this.pod.status)) return this.finished();
    // acknowledge the pod at once (Pending, ContainerCreating), as the kubelet does; like the
    // kubelet's status manager, the write goes on beside the work (the writes stay in order)
    let looked = false;
    // only before the first sync's own work: after it, the runtime holds what that sync made
    const newToRuntime = this.newToRuntime;
    this.newToRuntime = false;
    if (!this.pod.status?.startTime) {
      // the pod's containers and a sandbox the runtime may already have (an agent restarted) are
      // asked for at once, unless the runtime is known to hold nothing of it
      const [views] = await Promise.all([this.computeViews(newToRuntime ? [] : undefined), this.sandbox || newToRuntime ? undefined : this.adoptSandbox()]);
      looked = true;
      this.writeStatusBeside(this.status(views, false));
      this.prefetchImages(views);
    }

    // the sandbox (containerd, the network) and the volumes (API reads, files) at the same time:
    // the containers need both, neither needs the other (both settle before the sync goes on or fails)
    const [sandbox, volumes] = await Promise.allSettled([this.ensureSandbox(looked), this.ensureVolumes()]);
    for (const r of [sandbox, volumes]) if (r.status === 'rejected') throw r.reason;
    if (!(sandbox as PromiseFulfilledResult<boolean>).value || !(volumes as PromiseFulfilledResult<boolean>).value) return;
    markStart(this.uid, 'prepared');

    let views = await this.computeViews();
    const policy = (this.pod.spec?.restartPolicy ?? 'Always') as RestartPolicy;
    const plan = planPod({
      restartPolicy: policy,
      views,
      initializedBefore: this.initialized,
      now: Date.now(),
      backoffRemaining: (name, finishedAt) => this.restarts.remaining(name, finishedAt, Date.now()),
    });
    this.initialized ||= plan.initialized;
    this.initFailed ||= plan.initFailed;
    const acted = await this.act(plan.actions, views);
    if (acted) {
      // the containers just started are probed at once: a first answer that comes quickly goes
      // into this status (Running and Ready in one write, rather than Running, then Ready)
      [views] = await Promise.all([this.computeViews(), this.probes.firstResults(FIRST_PROBE_WAIT_MS)]);
    }
    this.applyWaits(plan.actions, views);

    const status = this.status(views, false);
    // waited for: a sync that comes meanwhile (a probe's first answer) then writes after this one's
    // answer, at most once, rather than racing it (the 100-agent burst: 2 000 status writes, not ~2 090)
    await this.writeStatus(status);

    // a finished pod keeps its containers (for logs) but gives its network back
    if (isTerminal(status) && !views.some(isRunning) && this.sandbox?.ready) {
      await this.ctx.runtime.stopSandbox(this.sandbox.id);
      this.sandbox.ready = false;
    }
    this.scheduleNext(plan.actions);
  }

  /** A pod that already finished: nothing runs again; its status is kept up to date. */
  private async finished(): Promise<void> {
    const views = await this.computeViews();
    for (const v of views.filter(isRunning)) await this.ctx.runtime.stopContainer(v.current!.id, this.pod.spec?.terminationGracePeriodSeconds ?? 30);
    if (this.sandbox?.ready) {
      await this.ctx.runtime.stopSandbox(this.sandbox.id);
      this.sandbox.ready = false;
    }
    await this.writeStatus(this.status(await this.computeViews(), false));
  }

  private scheduleNext(actions: Action[]) {
    let next = Date.now() + RESYNC_MS;
    for (const a of actions) if (a.type === 'wait') next = Math.min(next, a.untilMs);
    for (const [name, f] of this.failures) {
      // a failed pull shows as ErrImagePull, then soon as ImagePullBackOff until the back-off ends
      if (f.reason === 'ErrImagePull') next = Math.min(next, Date.now() + 1000);
      const at = this.puller.retryAt(name);
      next = Math.min(next, at > 0 ? at : Date.now() + RETRY_MS * 5);
    }
    this.syncAt(next);
  }

  /** Shows CrashLoopBackOff for containers waiting out their back-off. */
  private applyWaits(actions: Action[], views: ContainerView[]) {
    const pod = this.pod.metadata;
    for (const a of actions) {
      if (a.type !== 'wait') continue;
      const v = views.find((x) => x.spec.name === a.name);
      if (!v) continue;
      const delay = Math.round(this.restarts.delay(a.name, Date.now()) / 1000);
      v.waiting = { reason: 'CrashLoopBackOff', message: `back-off ${delay}s restarting failed container=${a.name} pod=${pod.name}_${pod.namespace}(${pod.uid})` };
      this.event('warning', v, 'BackOff', 'Back-off restarting failed container');
    }
  }

  private status(views: ContainerView[], terminating: boolean): PodStatus {
    // the probes' results as they are now (one may have come in since the views were made)
    for (const v of views) {
      if (v.kind === 'init' || v.kind === 'ephemeral' || !v.current) continue;
      const p = this.probes.stateOf(v.spec, v.current.id);
      if (p) Object.assign(v, p);
    }
    // volumes not mounted yet: as the kubelet, which makes no sandbox before them, no IP to show
    const mounting = !this.volumes && this.mountFailingSince !== undefined;
    return podStatus({
      pod: this.pod,
      views,
      initialized: this.initialized || !this.pod.spec?.initContainers?.length,
      initFailed: this.initFailed,
      sandbox: this.sandbox && !mounting ? { ready: this.sandbox.ready, ips: this.sandbox.ips } : undefined,
      hostIPs: this.ctx.hostIPs(),
      now: new Date(),
      runtimeName: this.ctx.runtimeName,
      terminating,
    });
  }

  /** `known`: the pod's containers, when known without asking the runtime */
  private async computeViews(known?: ContainerInfo[]): Promise<ContainerView[]> {
    const infos = known ?? (await this.ctx.runtime.listContainers({ [LABELS.podUid]: this.uid }));
    const byName = instancesByName(infos);
    const views = podContainers(this.pod.spec ?? {}).map(({ spec, kind }) => {
      const inst = byName.get(spec.name) ?? {};
      const cur = inst.current;
      const running = cur?.state === 'running';
      const probed = kind !== 'init' && kind !== 'ephemeral';
      if (probed) this.probes.track(spec, running ? { id: cur.id, startedAt: cur.startedAt?.getTime() ?? Date.now() } : undefined);
      const p = probed ? this.probes.state(spec) : { started: running, ready: false, unhealthy: undefined };
      const view: ContainerView = { spec, kind, current: cur, previous: inst.previous, restartCount: cur?.attempt ?? 0, waiting: this.failures.get(spec.name), ...p };
      return view;
    });
    this.views = views;
    return views;
  }

  // --- sandbox and volumes ---

  /**
   * True when the sandbox is ready; otherwise the pod's status says why and a retry is planned.
   * `looked`: this sync already looked for a sandbox to adopt.
   */
  private async ensureSandbox(looked: boolean): Promise<boolean> {
    const rt = this.ctx.runtime;
    if (!this.sandbox && !looked) await this.adoptSandbox();
    if (this.sandbox) {
      const info = await rt.sandboxStatus(this.sandbox.id);
      if (info?.ready) {
        this.sandbox.ips = info.ips.length ? info.ips : this.sandbox.ips;
        return true;
      }
      const phase = this.pod.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') return true; // stopped on purpose
      // the sandbox died (a reboot, someone removed it): its containers go with it
      this.ctx.log(`pod ${this.describe()}: sandbox ${this.sandbox.id} is not ready; creating a new one`);
      await rt.stopSandbox(this.sandbox.id);
      this.sandboxAttempt = info ? info.attempt + 1 : this.sandboxAttempt + 1;
      this.sandbox = undefined;
    }
    const now = Date.now();
    if (this.sandboxFailedAt !== undefined) {
      const left = this.sandboxBackoff.remaining('sandbox', this.sandboxFailedAt, now);
      if (left > 0) {
        this.syncAt(now + left);
        return false;
      }
    }
    const spec = sandboxSpec(this.pod, this.sandboxAttempt, this.ctx.logRoot, this.ctx.owner, this.ctx.dns?.());
    try {
      markStart(this.uid, 'sandbox-asked');
      const id = await rt.runSandbox(spec, this.abort.signal);
      markStart(this.uid, 'sandbox-made');
      const info = await rt.sandboxStatus(id);
      this.sandbox = { id, spec, ips: info?.ips ?? [], ready: info?.ready ?? true };
      this.sandboxFailedAt = undefined;
      this.sandboxBackoff.reset('sandbox');
      return true;
    } catch (e) {
      this.sandboxBackoff.next('sandbox', Date.now());
      this.sandboxFailedAt = Date.now();
      const message = `Failed to create pod sandbox: ${(e as Error).message}`;
      this.event('warning', undefined, 'FailedCreatePodSandBox', message);
      const views = await this.computeViews();
      for (const v of views) v.waiting ??= { reason: 'ContainerCreating' };
      this.writeStatusBeside(this.status(views, false));
      this.syncAt(Date.now() + this.sandboxBackoff.remaining('sandbox', this.sandboxFailedAt, Date.now()));
      return false;
    }
  }

  /** After a restart of the agent: the newest sandbox the runtime has for this pod. */
  private async adoptSandbox() {
    const found = await this.ctx.runtime.listSandboxes({ [LABELS.podUid]: this.uid });
    if (!found.length) return;
    const newest = found.sort((a, b) => b.attempt - a.attempt || b.createdAt.getTime() - a.createdAt.getTime())[0];
    const info = await this.ctx.runtime.sandboxStatus(newest.id);
    this.sandboxAttempt = newest.attempt;
    this.sandbox = { id: newest.id, spec: sandboxSpec(this.pod, newest.attempt, this.ctx.logRoot, this.ctx.owner), ips: info?.ips ?? [], ready: !!info?.ready };
    // containers that already ran to completion tell whether the pod was initialized
    const views = await this.computeViews();
    this.initialized = views.some((v) => v.kind === 'app' && v.current);
  }

  /** since when the volumes, never prepared, have failed to be (unset: not tried yet, or the last try worked) */
  private mountFailingSince?: number;
  /** the FailedMount last told, and when */
  private mountEvent?: { message: string; at: number };

  private async ensureVolumes(): Promise<boolean> {
    if (this.volumes && Date.now() - this.volumes.at < VOLUME_REFRESH_MS) return true;
    try {
      const dirs = await prepareVolumes(this.pod, { podsDir: this.ctx.podsDir, lookup: this.ctx.lookup, caPem: this.ctx.caPem, hostIP: this.ctx.hostIPs()[0] ?? '' });
      if (!this.volumes) markStart(this.uid, 'volumes');
      this.volumes = { dirs, at: Date.now() };
      this.mountFailingSince = undefined;
      this.mountEvent = undefined;
      return true;
    } catch (e) {
      if (!(e instanceof VolumeError)) throw e;
      if (this.volumes) return true; // keep the files already there until the source is back
      const now = Date.now();
      this.mountFailingSince ??= now;
      const message = `MountVolume.SetUp failed: ${e.message}`;
      if (this.mountEvent?.message !== message || now - this.mountEvent.at >= MOUNT_EVENT_AGAIN_MS) {
        this.event('warning', undefined, 'FailedMount', message);
        this.mountEvent = { message, at: now };
      }
      const views = await this.computeViews();
      for (const v of views) v.waiting ??= { reason: 'ContainerCreating' };
      // not waited for: a first status is held up to 2 s (ack-hold.ts), which the next look must not wait out
      this.writeStatusBeside(this.status(views, false));
      // by the time waited, not the tries: other syncs meanwhile (the relist's) must not stretch it
      this.syncAt(now + Math.min(RETRY_MS * 5, Math.max(MOUNT_POLL_MS, (now - this.mountFailingSince) / 4)));
      return false;
    }
  }

  // --- actions ---

  /** Runs the plan's actions; true when something changed in the runtime. */
  private async act(actions: Action[], views: ContainerView[]): Promise<boolean> {
    let acted = false;
    const killCtx = this.killContext();
    for (const a of actions) {
      const v = views.find((x) => x.spec.name === a.name);
      if (!v) continue;
      if (a.type === 'kill') {
        const grace = this.pod.spec?.terminationGracePeriodSeconds ?? 30;
        const why = a.reason === 'completed' ? `Stopping container ${a.name}` : a.reason === 'changed' ? `Container ${a.name} definition changed, will be restarted` : `Container ${a.name} failed ${a.reason} probe, will be restarted`;
        await killContainer(killCtx, v, Date.now() + grace * 1000, why);
        acted = true;
      } else if (a.type === 'start') {
        await this.start(v);
        acted = true;
      }
    }
    return acted;
  }

  private async start(v: ContainerView): Promise<void> {
    const rt = this.ctx.runtime;
    const c = v.spec;
    const sandbox = this.sandbox!;
    const attempt = v.current ? v.current.attempt + 1 : 0;
    // a restart after an exit makes the next one wait longer
    if (v.current && isExited(v)) this.restarts.next(c.name, Date.now());
    const events = { normal: (r: string, m: string) => this.event('normal', v, r, m), warning: (r: string, m: string) => this.event('warning', v, r, m) };
    let id: string;
    try {
      const prefetched = this.prefetched.get(c.name);
      this.prefetched.delete(c.name);
      const imageRef = await (prefetched ?? this.puller.ensure(c, sandbox.spec, events, this.abort.signal));
      const hostIP = this.ctx.hostIPs()[0] ?? '';
      const podForEnv = { ...this.pod, status: { ...this.pod.status, podIP: sandbox.ips[0], podIPs: sandbox.ips.map((ip) => ({ ip })) } };
      const env = await containerEnv(podForEnv, c, this.ctx.lookup, hostIP);
      const mounts = containerMounts(c, this.volumes?.dirs ?? new Map(), env);
      const spec = containerSpec({ pod: this.pod, container: c, kind: v.kind, attempt, imageRef, owner: this.ctx.owner, env, mounts });
      spec.pidTarget = this.pidTarget(v);
      try {
        markStart(this.uid, 'create-asked');
        id = await rt.createContainer(sandbox.id, spec, sandbox.spec);
        markStart(this.uid, 'created');
      } catch (e) {
        throw new StartError('CreateContainerError', (e as Error).message);
      }
      events.normal('Created', 'Container created');
      try {
        await rt.startContainer(id);
        markStart(this.uid, 'started');
      } catch (e) {
        throw new StartError('RunContainerError', (e as Error).message);
      }
      events.normal('Started', 'Container started');
      // its probes start now, as the kubelet's prober starts its workers (not at the next list)
      if (v.kind !== 'init' && v.kind !== 'ephemeral') this.probes.track(c, { id, startedAt: Date.now() });
      this.failures.delete(c.name);
    } catch (e) {
      const reason = e instanceof ImageError ? e.reason : e instanceof ConfigError || e instanceof VolumeError ? 'CreateContainerConfigError' : e instanceof StartError ? e.reason : 'CreateContainerError';
      const message = (e as Error).message;
      this.failures.set(c.name, { reason, message });
      if (!(e instanceof ImageError)) events.warning('Failed', `Error: ${message}`);
      return;
    }
    const postStart = c.lifecycle?.postStart as HookHandler | undefined;
    if (postStart) {
      const r = await runHook(postStart, { runtime: rt, containerId: id, podIP: sandbox.ips[0] ?? '', ports: c.ports ?? [] }, 30_000, this.abort.signal);
      if (!r.ok) {
        this.event('warning', v, 'FailedPostStartHook', `PostStartHook failed: ${r.output}`);
        await rt.stopContainer(id, this.pod.spec?.terminationGracePeriodSeconds ?? 30);
      }
    }
  }

  /**
   * A new pod's images are checked (and pulled if they must be) while its sandbox is made,
   * rather than after it as the kubelet does; the first start of each container that starts
   * first (the first init container, or else the app containers) takes the result, with the
   * events the check sent (Pulled, Pulling, Failed). The others are checked when they start.
   */
  private prefetchImages(views: ContainerView[]) {
    const spec = sandboxSpec(this.pod, this.sandboxAttempt, this.ctx.logRoot, this.ctx.owner, this.ctx.dns?.());
    const firstInit = views.find((v) => v.kind === 'init' || v.kind === 'sidecar');
    for (const v of firstInit ? [firstInit] : views.filter((x) => x.kind === 'app')) {
      if (v.current || this.prefetched.has(v.spec.name)) continue;
      const events = { normal: (r: string, m: string) => this.event('normal', v, r, m), warning: (r: string, m: string) => this.event('warning', v, r, m) };
      const p = this.puller.ensure(v.spec, spec, events, this.abort.signal);
      p.catch(() => undefined); // the start that takes it handles a failure
      this.prefetched.set(v.spec.name, p);
    }
  }

  /** `kubectl debug --target`: the target's running instance, whose process namespace is shared (the kubelet's getTargetID). */
  private pidTarget(v: ContainerView): string | undefined {
    const target = targetOf(v);
    if (!target) return undefined;
    const id = this.views.find((x) => x.spec.name === target && x.kind !== 'ephemeral')?.current?.id;
    if (!id) throw new ConfigError(`unable to find target container ${target}`);
    return id;
  }

  private killContext(): KillContext {
    return {
      runtime: this.ctx.runtime,
      pod: this.pod,
      podIP: this.podIP(),
      events: { normal: (v, r, m) => this.event('normal', v, r, m), warning: (v, r, m) => this.event('warning', v, r, m) },
      signal: this.abort.signal,
    };
  }

  // --- status ---

  /**
   * Queues a status write after those before it; a write still waiting when a newer one comes is
   * dropped (the newer says more), and one that waited for its turn in the agent's lane writes the
   * newest status (the later write then finds it written).
   */
  private writeStatus(status: PodStatus): Promise<void> {
    const seq = ++this.statusSeq;
    this.newestStatus = status;
    const hold = this.ackHold.wait(this.pod, status); // ack-hold.ts: the first status waits a moment for a newer one
    const write = this.statusChain.then(() => hold).then(() => (seq === this.statusSeq && !this.written(status) ? this.ctx.statusLane.run(() => this.putStatus(this.newestStatus)) : undefined));
    this.statusChain = write.catch(() => undefined);
    return write;
  }

  /** Writes `status` without holding up the caller; a failed write is retried by a sync. */
  private writeStatusBeside(status: PodStatus): void {
    this.writeStatus(status).catch((e: Error) => {
      this.ctx.log(`pod ${this.describe()}: status not written: ${e.message}`);
      this.syncAt(Date.now() + RETRY_MS);
    });
  }

  private written(status: PodStatus): boolean {
    return sameStatus(status, this.pod.status ?? {});
  }

  private async putStatus(status: PodStatus): Promise<void> {
    if (this.written(status)) return;
    try {
      // conditional on the pod the agent last saw: pods/status takes the body's labels and
      // annotations too, so an unconditional write from a stale copy would undo a `kubectl label`
      // made meanwhile (and a ReplicaSet would adopt back the pod it just released); a conflict
      // waits for the watch to bring the new pod, and the next sync writes again
      const body = { ...this.pod, status };
      markStart(this.uid, 'status-asked');
      const updated = await this.ctx.api.update<Pod>(RESOURCES.pods, body, 'status');
      if (status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) markStart(this.uid, 'status-ready');
      if (updated.metadata.uid === this.uid) this.pod = updated;
    } catch (e) {
      if (isNotFound(e)) return; // gone meanwhile: the watch will say so
      if (isConflict(e)) return this.syncAt(Date.now() + 200);
      throw e;
    }
  }

  // --- the end of a pod ---

  private async terminate(): Promise<void> {
    if (this.terminated) return;
    const grace = deletionGrace(this.pod);
    this.probes.stopAll();
    const views = await this.computeViews();
    await killPod(this.killContext(), views, grace);
    const after = await this.computeViews();
    if (this.sandbox) {
      await this.ctx.runtime.stopSandbox(this.sandbox.id);
      this.sandbox.ready = false;
    }
    await this.writeStatus(this.status(after, true)).catch((e) => this.ctx.log(`pod ${this.describe()}: final status not written: ${(e as Error).message}`));
    this.terminated = true;
    const { namespace, name, uid } = this.pod.metadata;
    try {
      await this.ctx.api.delete(RESOURCES.pods, namespace, name!, { gracePeriodSeconds: 0, preconditions: { uid } });
    } catch (e) {
      // a conflict on the uid means another pod of that name exists now: ours is gone
      if (!isConflict(e)) {
        this.terminated = false;
        throw e;
      }
    }
    await this.ctx.recorder.flush();
  }

  private async cleanup(): Promise<void> {
    const rt = this.ctx.runtime;
    this.probes.stopAll();
    const sandboxes = await rt.listSandboxes({ [LABELS.podUid]: this.uid });
    if (!this.terminated && sandboxes.length) {
      const views = await this.computeViews();
      // deleted without this agent's grace-period flow (force delete): stop quickly
      await killPod(this.killContext(), views, Math.min(deletionGrace(this.pod), 2));
    }
    for (const s of sandboxes) {
      await rt.stopSandbox(s.id);
      await rt.removeSandbox(s.id);
    }
    for (const c of await rt.listContainers({ [LABELS.podUid]: this.uid })) await rt.removeContainer(c.id);
    await removePodDir(this.ctx.podsDir, this.uid);
    // the logs go with the pod, as the kubelet removes them
    await rm(logDirectory(this.ctx.logRoot, this.pod), { recursive: true, force: true });
    this.close();
    this.ctx.retire(this.uid);
  }

  // --- for logs and exec ---

  /** The container instance `kubectl logs`/`exec` mean: the current one, or the one before. */
  instance(container: string, previous: boolean): ContainerInfo | undefined {
    const v = this.views.find((x) => x.spec.name === container);
    if (!v) return undefined;
    if (!previous) return v.current;
    // with a restart pending, the exited current instance is what "previous" shows
    return v.current && isExited(v) && v.waiting ? v.current : v.previous;
  }
}

const isTerminal = (s: PodStatus | undefined) => s?.phase === 'Succeeded' || s?.phase === 'Failed';

/** resourceVersions are the log's revisions: integers, compared as such. */
function olderThan(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || !/^\d+$/.test(a) || !/^\d+$/.test(b)) return false;
  return BigInt(a) < BigInt(b);
}

/** Equal as JSON once nulls and absent fields are dropped and keys sorted (the API's echo may differ so). */
export function sameStatus(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) => {
    if (x === null) return undefined;
    if (typeof x === 'object' && !Array.isArray(x)) return Object.fromEntries(Object.entries(x).filter(([, y]) => y !== null && y !== undefined).sort(([p], [q]) => (p < q ? -1 : 1)));
    return x;
  });
}

class StartError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export type { ContainerView };
