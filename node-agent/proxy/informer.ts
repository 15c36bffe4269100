/**
 * A cluster-wide list+watch of one resource kept as a map (a small informer): list, watch from
 * the list's resourceVersion, resume and relist by the reflector's rules (pods/resume.ts).
 * `changed` is called after each list and each event; the map is always the API's state as of
 * the last event.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import { ApiError, type ApiClient } from '../../lib/client/client.ts';
import type { Resource } from '../../lib/client/resources.ts';
import { sleep } from '../pods/hooks.ts';
import { nextStep, reconnectDelay, type WatchEnd } from '../pods/resume.ts';

class Expired extends Error {}

export class Informer<T extends KubeObject> {
  readonly items = new Map<string, T>();
  synced = false;
  readonly done: Promise<void>;

  constructor(
    private readonly api: ApiClient,
    private readonly res: Resource,
    private readonly changed: () => void,
    private readonly signal: AbortSignal,
    private readonly log: (line: string) => void,
  ) {
    this.done = this.run();
  }

  private key = (o: T) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

  private async run(): Promise<void> {
    let end: WatchEnd = { kind: 'start' };
    let rv: string | undefined;
    let failures = 0;
    while (!this.signal.aborted) {
      await sleep(reconnectDelay(end, failures), this.signal);
      if (this.signal.aborted) return;
      const step = nextStep(end, rv);
      try {
        if (step.action === 'list') {
          const list = await this.api.list<T>(this.res);
          this.items.clear();
          for (const o of list.items) this.items.set(this.key(o), o);
          rv = list.resourceVersion;
          this.synced = true;
          this.changed();
        }
        await this.api.watch<T>(this.res, { resourceVersion: rv, allowWatchBookmarks: true, timeoutSeconds: 300 + Math.floor(Math.random() * 300), signal: this.signal }, (e) => {
          failures = 0;
          if (e.type === 'ERROR') {
            const status = e.object as unknown as { code?: number; message?: string };
            if (status.code === 410) throw new Expired(status.message);
            throw new Error(`watch error: ${status.message ?? JSON.stringify(status)}`);
          }
          rv = e.object.metadata.resourceVersion ?? rv;
          if (e.type === 'BOOKMARK') return;
          if (e.type === 'DELETED') this.items.delete(this.key(e.object));
          else this.items.set(this.key(e.object), e.object);
          this.changed();
        });
        end = { kind: 'closed' };
      } catch (e) {
        if (this.signal.aborted) return;
        if (e instanceof Expired || (e instanceof ApiError && e.code === 410)) end = { kind: 'expired' };
        else {
          failures++;
          end = { kind: 'failed' };
          this.log(`${this.res.resource} watch: ${(e as Error).message}; retrying in ${reconnectDelay(end, failures) / 1000}s`);
        }
      }
    }
  }
}
