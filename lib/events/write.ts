/**
 * Writes an event through the correlator, as client-go's recordToSink does: nothing when the spam
 * filter drops it, a PATCH (count, lastTimestamp, message) when the Event exists, a create
 * otherwise or when the Event was deleted meanwhile (expired after an hour); the server's answer
 * then updates the correlator. Two recorders racing on one new Event (the second PATCHes before
 * the first created it, then finds it created): the loser patches.
 */
import type { KubeObject } from '../api/meta.ts';
import { isConflict, isNotFound, type Api } from '../client/client.ts';
import { RESOURCES } from '../client/resources.ts';
import type { CorrelatedEvent, EventCorrelator } from './correlator.ts';

export type EventWrite = 'skipped' | 'created' | 'patched';

export async function writeEvent(api: Api, correlator: EventCorrelator, event: CorrelatedEvent): Promise<EventWrite> {
  const r = correlator.correlate(event);
  if (r.skip) return 'skipped';
  const { namespace, name } = r.event.metadata;
  const patch = () => api.patch<KubeObject>(RESOURCES.events, namespace, name, r.patch ?? { count: r.event.count, lastTimestamp: r.event.lastTimestamp, message: r.event.message });
  let written: KubeObject | undefined;
  let how: EventWrite = 'patched';
  if (r.patch) {
    try {
      written = await patch();
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
  if (!written) {
    try {
      const { resourceVersion: _, ...metadata } = r.event.metadata;
      written = await api.create<KubeObject>(RESOURCES.events, namespace, { ...r.event, metadata } as unknown as KubeObject);
      how = 'created';
    } catch (e) {
      if (!isConflict(e)) throw e;
      written = await patch();
    }
  }
  correlator.updateState(written as unknown as CorrelatedEvent);
  return how;
}
