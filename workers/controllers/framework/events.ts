/**
 * Events, as controllers and the kubelet report them (core/v1 Event, which `kubectl get events`
 * and `kubectl describe` read). A repeat of the same event (same object, reason and message)
 * within this isolate bumps its count and lastTimestamp instead of creating another.
 *
 * Recording never waits for the write, as Kubernetes' event broadcaster does not: the write goes
 * out in the background (at most WRITES_AT_ONCE at a time, in the order recorded), so a
 * controller's next write is not delayed by its events. A failed write is logged, never thrown.
 * The runner calls `flush` before it acknowledges a batch, so no event outlives its batch and
 * every event of one batch is written before the next batch starts.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { isNotFound, type ApiClient } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';

export interface EventRecorder {
  normal(obj: KubeObject, reason: string, message: string): Promise<void>;
  warning(obj: KubeObject, reason: string, message: string): Promise<void>;
  /** resolves once every event recorded so far has been written (or has failed) */
  flush(): Promise<void>;
}

const WRITES_AT_ONCE = 8;

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const recent = new Map<string, { namespace: string; name: string; count: number }>();
const MAX_REMEMBERED = 1000;

export function eventRecorder(api: ApiClient, component: string, now: () => Date): EventRecorder {
  async function record(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, at: Date) {
    const namespace = obj.metadata.namespace || 'default';
    const key = `${obj.metadata.uid}\0${component}\0${reason}\0${message}`;
    const t = rfc3339(at);
    const seen = recent.get(key);
    if (seen) {
      try {
        seen.count++;
        await api.patch(RESOURCES.events, seen.namespace, seen.name, { count: seen.count, lastTimestamp: t });
        return;
      } catch (e) {
        if (!isNotFound(e)) throw e; // expired meanwhile: create a new one
        recent.delete(key);
      }
    }
    const name = `${obj.metadata.name}.${(BigInt(at.getTime()) * 1000000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16)}`;
    await api.create(RESOURCES.events, namespace, {
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
    if (recent.size >= MAX_REMEMBERED) recent.delete(recent.keys().next().value!);
    recent.set(key, { namespace, name, count: 1 });
  }
  const waiting: (() => Promise<void>)[] = [];
  const writing = new Set<Promise<void>>();
  const pump = () => {
    while (writing.size < WRITES_AT_ONCE && waiting.length) {
      const p: Promise<void> = waiting
        .shift()!()
        .catch((e) => console.error(`${component}: event: ${(e as Error).message}`))
        .finally(() => {
          writing.delete(p);
          pump();
        });
      writing.add(p);
    }
  };
  /** the event says what the object and the time were when it was recorded, not when written */
  const enqueue = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) => {
    const at = now();
    const { name, namespace, uid, resourceVersion } = obj.metadata;
    const involved = { apiVersion: obj.apiVersion, kind: obj.kind, metadata: { name, namespace, uid, resourceVersion } } as KubeObject;
    waiting.push(() => record(involved, type, reason, message, at));
    pump();
    return Promise.resolve();
  };
  return {
    normal: (obj, reason, message) => enqueue(obj, 'Normal', reason, message),
    warning: (obj, reason, message) => enqueue(obj, 'Warning', reason, message),
    async flush() {
      while (writing.size) await Promise.all(writing);
    },
  };
}
