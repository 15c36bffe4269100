/**
 * The kubelet's events (core/v1, source and reportingComponent `kubelet`, the node as host and
 * reporting instance), about a pod or one of its containers (`fieldPath`
 * spec.containers{name}). They go through client-go's correlator (lib/events/correlator.ts), as
 * the kubelet's do: a repeat bumps the count of the first Event, similar events are combined,
 * and each pod gets a burst of 25 events then one per 5 minutes, so a crash-looping or unready
 * pod costs the API a bounded number of writes. Recording never fails the caller: a lost event
 * is logged, not fatal.
 */
import type { KubeObject } from '../lib/api/meta.ts';
import type { ApiClient } from '../lib/client/client.ts';
import { EventCorrelator, type CorrelatedEvent } from '../lib/events/correlator.ts';
import { writeEvent } from '../lib/events/write.ts';

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

export function fieldPathOf(kind: 'init' | 'sidecar' | 'app' | 'ephemeral', name: string): string {
  if (kind === 'ephemeral') return `spec.ephemeralContainers{${name}}`;
  return kind === 'app' ? `spec.containers{${name}}` : `spec.initContainers{${name}}`;
}

export function kubeletEvent(t: EventTarget, nodeName: string, type: 'Normal' | 'Warning', reason: string, message: string, at: Date): CorrelatedEvent {
  const o = t.object;
  const namespace = o.metadata.namespace || 'default';
  const time = rfc3339(at);
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${o.metadata.name}.${(BigInt(at.getTime()) * 1_000_000n + BigInt(Math.floor(Math.random() * 1e6))).toString(16)}`, namespace },
    involvedObject: { kind: o.kind ?? 'Pod', namespace: o.metadata.namespace, name: o.metadata.name, uid: o.metadata.uid, apiVersion: o.apiVersion ?? 'v1', resourceVersion: o.metadata.resourceVersion, fieldPath: t.fieldPath },
    reason,
    message,
    source: { component: 'kubelet', host: nodeName },
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
    type,
    eventTime: null,
    reportingComponent: 'kubelet',
    reportingInstance: nodeName,
  };
}

export function kubeletRecorder(api: ApiClient, nodeName: string, log: (line: string) => void = () => {}, correlator = new EventCorrelator()): Recorder {
  let chain: Promise<void> = Promise.resolve();
  // events go out in the order they happened, without holding up the pod that caused them
  function record(t: EventTarget, type: 'Normal' | 'Warning', reason: string, message: string) {
    const event = kubeletEvent(t, nodeName, type, reason, message, new Date());
    chain = chain
      .then(() => writeEvent(api, correlator, event))
      .then(
        () => undefined,
        (e) => log(`event ${reason} for ${t.object.metadata.namespace}/${t.object.metadata.name} not recorded: ${(e as Error).message}`),
      );
  }
  return {
    normal: (t, reason, message) => record(t, 'Normal', reason, message),
    warning: (t, reason, message) => record(t, 'Warning', reason, message),
    flush: () => chain,
  };
}
