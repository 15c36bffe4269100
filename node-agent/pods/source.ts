/**
 * The pods bound to this node, from the API: list with fieldSelector spec.nodeName=<node>, then
 * watch from the list's resourceVersion; resume and relist per resume.ts.
 *
 * Guarantees to the handler: events for one pod arrive in the API's order; after a relist,
 * every pod in the list is upserted and every pod known before but absent is reported deleted,
 * so the handler converges on the API's state even if events were lost. Duplicates are possible
 * (a relist repeats pods): handlers are level-triggered.
 */
import type { Pod } from '../../lib/api/core/pod.ts';
import { ApiError, type ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { sleep } from './hooks.ts';
import { nextStep, reconnectDelay, type WatchEnd } from './resume.ts';

export interface PodHandler {
  upsert(pod: Pod): void;
  deleted(pod: Pod): void;
  /** the first list is in: every pod of this node has been upserted once */
  synced?(): void;
}

class Expired extends Error {}

export async function watchNodePods(api: ApiClient, nodeName: string, handler: PodHandler, signal: AbortSignal, log: (line: string) => void = () => {}): Promise<void> {
  const fieldSelector = `spec.nodeName=${nodeName}`;
  const known = new Map<string, Pod>();
  let end: WatchEnd = { kind: 'start' };
  let rv: string | undefined;
  let failures = 0;
  let synced = false;

  while (!signal.aborted) {
    await sleep(reconnectDelay(end, failures), signal);
    if (signal.aborted) return;
    const step = nextStep(end, rv);
    try {
      if (step.action === 'list') {
        const list = await api.list<Pod>(RESOURCES.pods, { fieldSelector });
        const seen = new Set<string>();
        for (const pod of list.items) {
          seen.add(pod.metadata.uid!);
          known.set(pod.metadata.uid!, pod);
          handler.upsert(pod);
        }
        for (const [uid, pod] of known) {
          if (seen.has(uid)) continue;
          known.delete(uid);
          handler.deleted(pod);
        }
        rv = list.resourceVersion;
        if (!synced) {
          synced = true;
          handler.synced?.();
        }
      }
      await api.watch<Pod>(RESOURCES.pods, { fieldSelector, resourceVersion: rv, allowWatchBookmarks: true, timeoutSeconds: 300 + Math.floor(Math.random() * 300), signal }, (e) => {
        failures = 0;
        if (e.type === 'ERROR') {
          const status = e.object as unknown as { code?: number; message?: string };
          if (status.code === 410) throw new Expired(status.message);
          throw new Error(`watch error: ${status.message ?? JSON.stringify(status)}`);
        }
        const pod = e.object;
        rv = pod.metadata.resourceVersion ?? rv;
        if (e.type === 'BOOKMARK') return;
        if (e.type === 'DELETED') {
          known.delete(pod.metadata.uid!);
          handler.deleted(pod);
        } else {
          known.set(pod.metadata.uid!, pod);
          handler.upsert(pod);
        }
      });
      end = { kind: 'closed' };
    } catch (e) {
      if (signal.aborted) return;
      if (e instanceof Expired || (e instanceof ApiError && e.code === 410)) {
        log(`pod watch: resourceVersion ${rv} expired; listing again`);
        end = { kind: 'expired' };
      } else {
        failures++;
        end = { kind: 'failed' };
        log(`pod watch: ${(e as Error).message}; retrying in ${reconnectDelay(end, failures) / 1000}s`);
      }
    }
  }
}
