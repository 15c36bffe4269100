/**
 * The probes of one pod: for each running container instance, a timer per probe kind. The
 * startup probe runs alone until it succeeds; then readiness and liveness start. A result that
 * flips asks the pod to re-sync (`changed`); every failed probe is reported (`failed`), which
 * the pod turns into an Unhealthy event. A container that stops, or is replaced by a new
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
    const startup = inst.workers.get('startup');
    const started = !spec.startupProbe || startup?.tracker.result === 'success';
    const readiness = inst.workers.get('readiness');
    const ready = started && (!spec.readinessProbe || readiness?.tracker.result === 'success');
    const unhealthy = startup?.tracker.result === 'failure' ? 'startup' : inst.workers.get('liveness')?.tracker.result === 'failure' ? 'liveness' : undefined;
    return { started: started && !unhealthy, ready: ready && !unhealthy, unhealthy };
  }

  stopAll(): void {
    this.stopped = true;
    for (const name of [...this.instances.keys()]) this.drop(name);
  }

  private drop(name: string) {
    const inst = this.instances.get(name);
    for (const w of inst?.workers.values() ?? []) clearTimeout(w.timer);
    this.instances.delete(name);
  }

  private startSteady(inst: Instance) {
    if (inst.spec.readinessProbe) this.start(inst, 'readiness', inst.spec.readinessProbe);
    if (inst.spec.livenessProbe) this.start(inst, 'liveness', inst.spec.livenessProbe);
  }

  private start(inst: Instance, kind: ProbeKind, probe: Probe) {
    const w: Worker = { kind, probe, params: probeParams(probe, kind), tracker: initialTracker(kind), busy: false };
    inst.workers.set(kind, w);
    this.schedule(inst, w);
  }

  private schedule(inst: Instance, w: Worker) {
    if (this.instances.get(inst.spec.name) !== inst) return;
    const at = nextProbeAt(inst.startedAt, w.lastRun, w.params);
    w.timer = setTimeout(() => void this.tick(inst, w), Math.max(0, at - Date.now()));
  }

  private async tick(inst: Instance, w: Worker) {
    if (this.instances.get(inst.spec.name) !== inst || w.busy) return;
    w.busy = true;
    w.lastRun = Date.now();
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
    if (!run.ok) this.hooks.failed(w.kind, inst.spec.name, run.output);
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
