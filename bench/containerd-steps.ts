/**
 * The node agent's part of bench/containerd.ts, step by step: the agent's own milestones of each
 * pod's start (node-agent/pods/start-trace.ts; the agent runs in the benchmark's process, so the
 * clocks agree) between the arrival of the pod bound and of the pod Ready at the benchmark's watch.
 * Each step is the median over the pods of every counted run.
 */
import { traceStarts, type StartStep } from '../node-agent/pods/start-trace.ts';
import type { Figure } from './figures.ts';
import { percentile } from './stats.ts';

type Mark = StartStep | 'bound-seen' | 'ready-seen';

/** [from, to, what the step is] */
const STEPS: [Mark, Mark, string][] = [
  ['bound-seen', 'seen', "pod bound: at the agent's watch after the bench's (negative: before)"],
  ['seen', 'sandbox-asked', 'pod seen → RunPodSandbox asked'],
  ['sandbox-asked', 'sandbox-made', 'RunPodSandbox (containerd, CNI)'],
  ['seen', 'volumes', 'pod seen → volumes written (beside the sandbox)'],
  ['sandbox-made', 'prepared', 'sandbox made → sandbox and volumes ready'],
  ['prepared', 'create-asked', 'ready → CreateContainer asked'],
  ['create-asked', 'created', 'CreateContainer'],
  ['sandbox-made', 'rules', 'sandbox made → service rules applied'],
  ['created', 'started', 'StartContainer (once the rules are applied)'],
  ['started', 'probe-ok', 'started → first readiness probe ok'],
  ['probe-ok', 'status-asked', 'probe ok → status write asked'],
  ['status-asked', 'status-ready', 'pods/status write'],
  ['status-ready', 'ready-seen', 'status written → Ready at the watch'],
];

export class AgentSteps {
  private readonly marks = new Map<string, Map<Mark, number>>();
  private readonly probeFailures = new Map<string, number>();
  private readonly counted = new Set<string>();
  private readonly stop = traceStarts((uid, step, at) => this.mark(uid, step, at));

  /** the first time only: a step that repeats (a restart) keeps its first */
  mark(uid: string, step: Mark, at: number): void {
    if (step === 'probe-failed') this.probeFailures.set(uid, (this.probeFailures.get(uid) ?? 0) + 1);
    let m = this.marks.get(uid);
    if (!m) this.marks.set(uid, (m = new Map()));
    if (!m.has(step)) m.set(step, at);
  }

  /** The pods of a run that counts (the first, warming run does not). */
  count(uids: Iterable<string>): void {
    for (const uid of uids) this.counted.add(uid);
  }

  close(): void {
    this.stop();
  }

  figures(): Figure[] {
    const pods = [...this.counted].map((uid) => this.marks.get(uid)).filter((m): m is Map<Mark, number> => !!m);
    const rows: Figure[] = STEPS.map(([from, to, what]) => {
      const spans = pods.flatMap((m) => (m.has(from) && m.has(to) ? [m.get(to)! - m.get(from)!] : []));
      return { name: `      ${what}, p50`, value: percentile(spans, 50), unit: 'ms', note: `${spans.length} pods, max ${Math.round(percentile(spans, 100))} ms` };
    });
    const failures = [...this.counted].map((uid) => this.probeFailures.get(uid) ?? 0);
    rows.push({ name: '      readiness probes failed before the first ok, per pod, p50', value: percentile(failures, 50), unit: '', note: `${failures.filter((n) => n > 0).length} of ${failures.length} pods failed one or more, max ${percentile(failures, 100)}` });
    return rows;
  }
}
