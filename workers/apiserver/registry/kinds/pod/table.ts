/**
 * The pods Table (printers.md §2.1) and its READY / STATUS / RESTARTS cells, computed exactly as
 * kubectl's printPod does (§3), sidecars and the Initialized condition included.
 */
import { podSpec, podStatus, type ContainerStatus, type Pod } from '../../../../../lib/api/core/pod.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { TableColumn } from '../../types.ts';
import { fieldDoc } from './doc.ts';


export const podColumns: TableColumn[] = [
  nameColumn,
  column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
  column('Status', 'string', 'The aggregate status of the containers in this pod.'),
  column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
  ageColumn,
  column('IP', 'string', fieldDoc(podStatus, ['podIP']), 1),
  column('Node', 'string', fieldDoc(podSpec, ['nodeName']), 1),
  column('Nominated Node', 'string', fieldDoc(podStatus, ['nominatedNodeName']), 1),
  column('Readiness Gates', 'string', fieldDoc(podSpec, ['readinessGates']), 1),
];

export interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
}

const finishedAt = (s: ContainerStatus) => {
  const t = s.lastState?.terminated?.finishedAt;
  return t ? Date.parse(t) : 0;
};

const conditionTrue = (pod: Pod, type: string) => (pod.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');

/** READY, STATUS and RESTARTS of `kubectl get pods`. */
export function summarizePod(pod: Pod, now: number): PodSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const sidecars = new Set((spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  const total = (spec.containers?.length ?? 0) + sidecars.size;
  let ready = 0;
  let restarts = 0;
  let lastRestart = 0;
  let sidecarRestarts = 0;
  let sidecarLastRestart = 0;
  let reason = status.reason || status.phase || '';
  if ((status.conditions ?? []).some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i];
    restarts += c.restartCount ?? 0;
    lastRestart = Math.max(lastRestart, finishedAt(c));
    const sidecar = sidecars.has(c.name);
    if (sidecar) {
      sidecarRestarts += c.restartCount ?? 0;
      sidecarLastRestart = Math.max(sidecarLastRestart, finishedAt(c));
    }
    const term = c.state?.terminated;
    const waiting = c.state?.waiting;
    if (term && (term.exitCode ?? 0) === 0) continue;
    if (sidecar && c.started) {
      if (c.ready) ready++;
      continue;
    }
    if (term) reason = term.reason ? `Init:${term.reason}` : term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode ?? 0}`;
    else if (waiting?.reason && waiting.reason !== 'PodInitializing') reason = `Init:${waiting.reason}`;
    else reason = `Init:${i}/${spec.initContainers?.length ?? 0}`;
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(pod, 'Initialized')) {
    restarts = sidecarRestarts;
    lastRestart = sidecarLastRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    // from last to first: the first container with a reason wins
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i];
      restarts += c.restartCount ?? 0;
      lastRestart = Math.max(lastRestart, finishedAt(c));
      const term = c.state?.terminated;
      if (c.state?.waiting?.reason) reason = c.state.waiting.reason;
      else if (term?.reason) reason = term.reason;
      else if (term) reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode ?? 0}`;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  if (pod.metadata.deletionTimestamp) {
    if (status.reason === 'NodeLost') reason = 'Unknown';
    else if (status.phase !== 'Succeeded' && status.phase !== 'Failed') reason = 'Terminating';
  }

  const since = lastRestart ? new Date(lastRestart).toISOString() : '';
  return {
    ready: `${ready}/${total}`,
    status: reason,
    restarts: restarts !== 0 && since ? `${restarts} (${age(since, now)} ago)` : String(restarts),
  };
}

function readinessGates(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? [];
  if (!gates.length) return '<none>';
  const conditions = pod.status?.conditions ?? [];
  const passed = gates.filter((g) => conditions.find((c) => c.type === g.conditionType)?.status === 'True').length;
  return `${passed}/${gates.length}`;
}

export function podCells(pod: Pod, now: number): unknown[] {
  const s = summarizePod(pod, now);
  return [
    pod.metadata.name ?? '',
    s.ready,
    s.status,
    s.restarts,
    age(pod.metadata.creationTimestamp, now),
    pod.status?.podIPs?.[0]?.ip || '<none>',
    pod.spec?.nodeName || '<none>',
    pod.status?.nominatedNodeName || '<none>',
    readinessGates(pod),
  ];
}

/** The row conditions kubectl uses for finished pods (Table rows[].conditions). */
export function podRowConditions(pod: Pod): { type: string; status: string; reason: string; message: string }[] | undefined {
  if (pod.status?.phase === 'Succeeded') return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
  if (pod.status?.phase === 'Failed') return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
  return undefined;
}
