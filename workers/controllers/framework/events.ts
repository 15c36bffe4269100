/**
 * Events, as controllers and the kubelet report them (core/v1 Event, which `kubectl get events`
 * and `kubectl describe` read). Each goes through client-go's correlator
 * (lib/events/correlator.ts), one per cluster and isolate, as kube-controller-manager's recorder:
 * a repeat bumps the count of the first Event, similar events (same object and reason, ten
 * messages within 10 minutes) are combined into one, and each controller may write 25 events
 * about an object, then one per 5 minutes.
 *
 * Recording never waits for the write, as Kubernetes' event broadcaster does not: the write goes
 * out in the background (at most WRITES_AT_ONCE at a time, in the order recorded), so a
 * controller's next write is not delayed by its events. A failed write is logged, never thrown.
 * The runner calls `flush` before it acknowledges a batch, so no event outlives its batch and
 * every event of one batch is written before the next batch starts; until then, a batch's events
 * may be held a moment (event-outbox.ts).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Api } from '../../../lib/client/client.ts';
import { EventCorrelator } from '../../../lib/events/correlator.ts';
import { writeEvent } from '../../../lib/events/write.ts';
import { EventOutbox } from './event-outbox.ts';

export interface EventRecorder {
  normal(obj: KubeObject, reason: string, message: string): Promise<void>;
  warning(obj: KubeObject, reason: string, message: string): Promise<void>;
  /** resolves once every event recorded so far has been written (or has failed) */
  flush(): Promise<void>;
}

const WRITES_AT_ONCE = 8;

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** per isolate, a correlator per cluster (the clusters' events never share a budget); bounded */
const correlators = new Map<string, EventCorrelator>();
const MAX_CLUSTERS = 1000;

export function correlatorFor(cluster: string): EventCorrelator {
  let c = correlators.get(cluster);
  if (!c) {
    if (correlators.size >= MAX_CLUSTERS) correlators.delete(correlators.keys().next().value!);
    correlators.set(cluster, (c = new EventCorrelator()));
  }
  return c;
}

/** `outbox`: where the events wait to be written; a batch's recorders share one (event-outbox.ts). */
export function eventRecorder(api: Api, component: string, now: () => Date, correlator = new EventCorrelator(), outbox = new EventOutbox(WRITES_AT_ONCE)): EventRecorder {
  async function record(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, at: Date) {
    const namespace = obj.metadata.namespace || 'default';
    const t = rfc3339(at);
    const name = `${obj.metadata.name}.${(BigInt(at.getTime()) * 1000000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16)}`;
    await writeEvent(api, correlator, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion },
      reason,
      message,
      source: { component },
      firstTimestamp: t,
      lastTimestamp: t,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: component,
      reportingInstance: '',
    });
  }
  /** the event says what the object and the time were when it was recorded, not when written */
  const enqueue = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) => {
    const at = now();
    const { name, namespace, uid, resourceVersion } = obj.metadata;
    const involved = { apiVersion: obj.apiVersion, kind: obj.kind, metadata: { name, namespace, uid, resourceVersion } } as KubeObject;
    // one object's events are written one after the other, as client-go's broadcaster writes
    // them: they may patch the same Event (a count, a combined event), which racing writers
    // would only make conflict
    const lane = `${namespace}/${name}/${uid}`;
    outbox.add(lane, () => record(involved, type, reason, message, at), (e) => console.error(`${component}: event: ${e.message}`), component);
    return Promise.resolve();
  };
  return {
    normal: (obj, reason, message) => enqueue(obj, 'Normal', reason, message),
    warning: (obj, reason, message) => enqueue(obj, 'Warning', reason, message),
    flush: () => outbox.flush(),
  };
}
