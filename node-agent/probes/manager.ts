/**
 * The probes of one pod: for each running container instance, a timer per probe kind. The
 * startup probe runs alone until it succeeds; then readiness and liveness start. A result that
 * flips asks the pod to re-sync (`changed`); every failed probe is reported (`failed`), which
 * the pod turns into an Unhealthy event (but the quick retries of a readiness probe that never
 * succeeded, below). A container that stops, or is replaced by a new
 * instance, has its probes stopped and starts over with fresh results.
 */
import type { Probe } from '../../lib/api/core/pod.ts';
import type { PodContainer } from '../pods/view.ts';
import type { ProbeRun } from './run.ts';
import { initialTracker, nextProbeAt, observe, probeParams, type ProbeKind, type ProbeParams, type ProbeTracker } from './state.ts';

export interface ProbeHooks {
  run(kind: ProbeKind, probe: Probe, containerName: string, containerId: string, timeoutMs: number): Promise<ProbeRun>;
  changed(): void;
  failed(kind: ProbeKind, containerName: string, output: string): void;
}

export interface ProbeState {
  /** running and past its startup probe (if any) */
  started: boolean;
  /** started and past its readiness probe (if any) */
  ready: boolean;
  /** a liveness or startup probe gave up on the container: it must be restarted */
  unhealthy?: 'liveness' | 'startup';
}

interface Worker {
  kind: ProbeKind;
  probe: Probe;
  params: ProbeParams;
  tracker: ProbeTracker;
  lastRun?: number;
  timer?: ReturnType<typeof setTimeout>;
  busy: boolean;
  /** settles once the first probe has an outcome (or the worker is dropped before) */
  first: Promise<void>;
  firstDone: () => void;
  ran: boolean;
  /** settles once the next run (or the one under way) has an outcome, or the worker is dropped */
  next: Promise<void>;
  nextDone: () => void;
  /** when the run scheduled is due */
  nextAt: number;
  /** the last run on the probe's own schedule (initial delay, then every period) */
  regularRun?: number;
  /** it answered once (no quick retries after that) */
  succeeded: boolean;
  /** the run scheduled is a quick retry, and how many were made */
  quick: boolean;
  quickRetries: number;
}

/**
 * A readiness probe that has never succeeded is tried again sooner than its period, 10 ms after
 * a failure, then 20, 40... while that comes before its next scheduled run (a server started with
 * its container listens a few milliseconds after the first probe, which runs at once). Its failures then
 * change nothing (a container is not ready until its first success), so this cannot make a
 * container less ready or restart it: it only spares a container that is up a moment after its
 * first probe (a server not yet listening) a whole period of not being ready. The retries are
 * runs the kubelet would not make: their failures are not reported (no Unhealthy event).
 */
const QUICK_RETRY_FIRST_MS = 10;

/** A promise of a run's outcome, and what settles it. */
function outcome(): { next: Promise<void>; nextDone: () => void } {
  let nextDone = () => {};
  const next = new Promise<void>((resolve) => (nextDone = resolve));
  return { next, nextDone };
}

interface Instance {
  id: string;
  startedAt: number;
  spec: PodContainer;
  workers: Map<ProbeKind, Worker>;
}

export class ProbeManager {
  private readonly instances = new Map<string, Instance>();
  private stopped = false;

  constructor(private readonly hooks: ProbeHooks) {}

  /** Keeps probing the given running instance of a container (or stops when it is not running). */
  track(spec: PodContainer, running: { id: string; startedAt: number } | undefined): void {
    const cur = this.instances.get(spec.name);
    if (cur && cur.id === running?.id) return;
    if (cur) this.drop(spec.name);
    if (!running || this.stopped) return;
    const inst: Instance = { id: running.id, startedAt: running.startedAt, spec, workers: new Map() };
    this.instances.set(spec.name, inst);
    if (spec.startupProbe) this.start(inst, 'startup', spec.startupProbe);
    else this.startSteady(inst);
  }

  state(spec: PodContainer): ProbeState {
    const inst = this.instances.get(spec.name);
    if (!inst) return { started: false, ready: false };
    return this.stateOfInstance(spec, inst);
  }

  /** The results for this instance of the container, if it is the one being probed. */
  stateOf(spec: PodContainer, id: string): ProbeState | undefined {
    const inst = this.instances.get(spec.name);
    return inst?.id === id ? this.stateOfInstance(spec, inst) : undefined;
  }

  private stateOfInstance(spec: PodContainer, inst: Instance): ProbeState {
    const startup = inst.workers.get('startup');
    const started = !spec.startupProbe || startup?.tracker.result === 'success';
    const readiness = inst.workers.get('readiness');
    const ready = started && (!spec.readinessProbe || readiness?.tracker.result === 'success');
    const unhealthy = startup?.tracker.result === 'failure' ? 'startup' : inst.workers.get('liveness')?.tracker.result === 'failure' ? 'liveness' : undefined;
    return { started: started && !unhealthy, ready: ready && !unhealthy, unhealthy };
  }

  /**
   * Waits (at most `ms`) for the first startup and readiness probes that are due within `ms`: a
   * container just started is probed at once (no initial delay), and a status written after this
   * says whether it is ready rather than saying "not ready" first and "ready" a moment later.
   * A startup probe that succeeds starts the readiness probe, which is waited for too, and so are
   * the quick retries of a readiness probe whose first run failed (a server that listens a few
   * milliseconds after its container started): otherwise that status says "not ready", and the
   * write that says "ready" 10 ms later has to wait for it.
   */
  async firstResults(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const pending: Promise<void>[] = [];
      for (const inst of this.instances.values()) {
        for (const w of inst.workers.values()) {
          if (w.kind === 'liveness') continue;
          if (!w.ran) {
            if (nextProbeAt(inst.startedAt, undefined, w.params) <= deadline) pending.push(w.first);
          } else if (w.kind === 'readiness' && w.quick && w.tracker.result !== 'success' && w.nextAt <= deadline) pending.push(w.next);
        }
      }
      const left = deadline - Date.now();
      if (!pending.length || left <= 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = await Promise.race([Promise.all(pending).then(() => false), new Promise<boolean>((ok) => (timer = setTimeout(ok, left, true)))]);
      clearTimeout(timer);
      if (late) return;
    }
  }

  stopAll(): void {
    this.stopped = true;
    for (const name of [...this.instances.keys()]) this.drop(name);
  }

  private drop(name: string) {
    const inst = this.instances.get(name);
    for (const w of inst?.workers.values() ?? []) {
      clearTimeout(w.timer);
      w.firstDone();
      w.nextDone();
    }
    this.instances.delete(name);
  }

  private startSteady(inst: Instance) {
    if (inst.spec.readinessProbe) this.start(inst, 'readiness', inst.spec.readinessProbe);
    if (inst.spec.livenessProbe) this.start(inst, 'liveness', inst.spec.livenessProbe);
  }

  private start(inst: Instance, kind: ProbeKind, probe: Probe) {
    let resolveFirst = () => {};
    const first = new Promise<void>((resolve) => (resolveFirst = resolve));
    const firstDone = () => {
      w.ran = true;
      resolveFirst();
    };
    const w: Worker = { kind, probe, params: probeParams(probe, kind), tracker: initialTracker(kind), busy: false, first, firstDone, ran: false, ...outcome(), nextAt: Infinity, succeeded: false, quick: false, quickRetries: 0 };
    inst.workers.set(kind, w);
    this.schedule(inst, w);
  }

  private schedule(inst: Instance, w: Worker) {
    if (this.instances.get(inst.spec.name) !== inst) return;
    const at = nextProbeAt(inst.startedAt, w.regularRun, w.params);
    const quickAt = w.kind === 'readiness' && !w.succeeded && w.lastRun !== undefined ? w.lastRun + QUICK_RETRY_FIRST_MS * 2 ** w.quickRetries : Infinity;
    w.quick = quickAt < at;
    if (w.quick) w.quickRetries++;
    w.nextAt = Math.min(at, quickAt);
    w.timer = setTimeout(() => void this.tick(inst, w), Math.max(0, w.nextAt - Date.now()));
  }

  private async tick(inst: Instance, w: Worker) {
    if (this.instances.get(inst.spec.name) !== inst || w.busy) return;
    w.busy = true;
    w.lastRun = Date.now();
    if (!w.quick) w.regularRun = w.lastRun;
    let run: ProbeRun;
    try {
      run = await this.hooks.run(w.kind, w.probe, inst.spec.name, inst.id, w.params.timeoutMs);
    } catch (e) {
      run = { ok: false, output: (e as Error).message };
    }
    w.busy = false;
    if (this.instances.get(inst.spec.name) !== inst) return;
    const before = w.tracker.result;
    w.tracker = observe(w.tracker, w.params, run.ok);
    if (run.ok) w.succeeded = true; // then on its period: a successThreshold counts periods
    // after the tracker moved: a status made once `first` (or `next`) settles has the outcome
    w.firstDone();
    const settled = w.nextDone;
    Object.assign(w, outcome());
    settled();
    if (!run.ok && !w.quick) this.hooks.failed(w.kind, inst.spec.name, run.output);
    if (w.kind === 'startup' && w.tracker.result === 'success') {
      // a startup probe stops once it succeeded; the steady probes take over
      this.startSteady(inst);
      this.hooks.changed();
      return;
    }
    if (w.tracker.result !== before) this.hooks.changed();
    // a probe that declared the container dead stops; the restart brings a new instance
    if (w.tracker.result === 'failure' && w.kind !== 'readiness') return;
    this.schedule(inst, w);
  }
}
