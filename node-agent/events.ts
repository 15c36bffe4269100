/**
 * The kubelet's events (core/v1, source and reportingComponent `kubelet`, the node as host and
 * reporting instance), about a pod or one of its containers (`fieldPath`
 * spec.containers{name}). A repeat of the same event within ten minutes bumps the count and
 * lastTimestamp of the first one instead of creating another, as the kubelet's correlator does.
 * Recording never fails the caller: a lost event is logged, not fatal.
 */
import type { KubeObject } from '../lib/api/meta.ts';
import { isNotFound, type ApiClient } from '../lib/client/client.ts';
import { RESOURCES } from '../lib/client/resources.ts';

export interface EventTarget {
  object: KubeObject;
  /** e.g. spec.containers{web} */
  fieldPath?: string;
}

export interface Recorder {
  normal(target: EventTarget, reason: string, message: string): void;
  warning(target: EventTarget, reason: string, message: string): void;
  /** resolves when the events recorded so far are written */
  flush(): Promise<void>;
}

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const REPEAT_WINDOW_MS = 10 * 60_000;
const REMEMBERED = 2000;

export function fieldPathOf(kind: 'init' | 'sidecar' | 'app', name: string): string {
  return kind === 'app' ? `spec.containers{${name}}` : `spec.initContainers{${name}}`;
}

export function kubeletRecorder(api: ApiClient, nodeName: string, log: (line: string) => void = () => {}): Recorder {
  const recent = new Map<string, { namespace: string; name: string; count: number; at: number }>();
  let chain: Promise<void> = Promise.resolve();

  async function write(t: EventTarget, type: 'Normal' | 'Warning', reason: string, message: string, at: Date) {
    const o = t.object;
    const namespace = o.metadata.namespace || 'default';
    const key = [o.metadata.uid, t.fieldPath, type, reason, message].join('\0');
    const seen = recent.get(key);
    if (seen && at.getTime() - seen.at < REPEAT_WINDOW_MS) {
      try {
        seen.count++;
        seen.at = at.getTime();
        await api.patch(RESOURCES.events, seen.namespace, seen.name, { count: seen.count, lastTimestamp: rfc3339(at) });
        return;
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    const name = `${o.metadata.name}.${(BigInt(at.getTime()) * 1_000_000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16)}`;
    await api.create(RESOURCES.events, namespace, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: { kind: o.kind ?? 'Pod', namespace: o.metadata.namespace, name: o.metadata.name, uid: o.metadata.uid, apiVersion: o.apiVersion ?? 'v1', resourceVersion: o.metadata.resourceVersion, fieldPath: t.fieldPath },
      reason,
      message,
      source: { component: 'kubelet', host: nodeName },
      firstTimestamp: rfc3339(at),
      lastTimestamp: rfc3339(at),
      count: 1,
      type,
      eventTime: null,
      reportingComponent: 'kubelet',
      reportingInstance: nodeName,
    } as KubeObject);
    if (recent.size >= REMEMBERED) recent.delete(recent.keys().next().value!);
    recent.set(key, { namespace, name, count: 1, at: at.getTime() });
  }

  // events go out in the order they happened, without holding up the pod that caused them
  function record(t: EventTarget, type: 'Normal' | 'Warning', reason: string, message: string) {
    const at = new Date();
    chain = chain.then(() => write(t, type, reason, message, at)).catch((e) => log(`event ${reason} for ${t.object.metadata.namespace}/${t.object.metadata.name} not recorded: ${(e as Error).message}`));
  }
  return {
    normal: (t, reason, message) => record(t, 'Normal', reason, message),
    warning: (t, reason, message) => record(t, 'Warning', reason, message),
    flush: () => chain,
  };
}
