/**
 * Events, as controllers and the kubelet report them (core/v1 Event, which `kubectl get events`
 * and `kubectl describe` read). A repeat of the same event (same object, reason and message)
 * within this isolate bumps its count and lastTimestamp instead of creating another.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { isNotFound, type ApiClient } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';

export interface EventRecorder {
  normal(obj: KubeObject, reason: string, message: string): Promise<void>;
  warning(obj: KubeObject, reason: string, message: string): Promise<void>;
}

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const recent = new Map<string, { namespace: string; name: string; count: number }>();
const MAX_REMEMBERED = 1000;

export function eventRecorder(api: ApiClient, component: string, now: () => Date): EventRecorder {
  async function record(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) {
    const namespace = obj.metadata.namespace || 'default';
    const key = `${obj.metadata.uid}\0${component}\0${reason}\0${message}`;
    const t = rfc3339(now());
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
    const name = `${obj.metadata.name}.${(BigInt(now().getTime()) * 1000000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16)}`;
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
  return {
    normal: (obj, reason, message) => record(obj, 'Normal', reason, message),
    warning: (obj, reason, message) => record(obj, 'Warning', reason, message),
  };
}
