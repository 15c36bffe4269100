/**
 * What a controller is. Controllers are level-triggered: a change only says which object moved;
 * `keysFor` maps it to the keys this controller should look at, and `reconcile` reads the current
 * state of that key through the API and writes what differs. Nothing depends on a message being
 * delivered once, in order, or at all: the cron resync (`resync`) lists every key again.
 *
 * A key is `namespace/name`, or `name` for cluster-scoped objects.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { Api } from '../../../lib/client/client.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import type { EventRecorder } from './events.ts';
import type { Reads } from './shared-reads.ts';

export interface ControllerContext {
  /** the cluster this context works in (unset in tests: the root cluster) */
  cluster?: string;
  /** the API, as this controller's own identity */
  api: Api;
  /**
   * Reads shared with the other controllers for the batch (shared-reads.ts: at least as new as
   * the batch's changes, maybe older than writes made since): for keysFor and for writes that
   * are conditional on what was read.
   */
  shared: Reads;
  events: EventRecorder;
  /** look at `key` again in `seconds` (timers finer than the cron resync) */
  requeue(key: string, seconds: number): Promise<void>;
  settings: Settings;
  now(): Date;
  /**
   * Work the reconcile started and need not wait for (the scheduler's bindings): the batch still
   * waits for it, but the key may be reconciled again meanwhile. Absent (tests, cron resync):
   * the reconcile waits for it itself.
   */
  defer?(work: Promise<unknown>): void;
  /**
   * The object as the controllers' last write of it in this batch answered (runner.ts), known
   * without a read; undefined if none wrote it. Absent outside a batch (tests, cron resync).
   */
  written?<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): T | undefined;
}

export interface Settings {
  nodeMonitorGraceSeconds: number;
  clusterCA?: string;
}

export interface Controller {
  /** the service account it runs as (system:serviceaccount:kube-system:<name>) and its events' source */
  name: string;
  /** the service account it runs as when not `name` (taint eviction uses node-controller's, as in Kubernetes) */
  serviceAccount?: string;
  /** the user it runs as instead of a service account (the scheduler: system:kube-scheduler) */
  user?: string;
  /** managedFields manager of its writes (default kube-controller-manager) */
  fieldManager?: string;
  /** the keys to reconcile after a change (may read the API to find owners and dependents) */
  keysFor(change: ChangeMessage, ctx: ControllerContext): string[] | Promise<string[]>;
  reconcile(key: string, ctx: ControllerContext): Promise<void>;
  /** every key, for the periodic resync */
  resync?(ctx: ControllerContext): Promise<string[]>;
  /** how often, in minutes, the cron resync visits it (default 1; framework/resync.ts) */
  resyncMinutes?: number;
  /** how many keys it reconciles at once (default 5, as kube-controller-manager's --concurrent-*-syncs) */
  workers?: number;
  /**
   * Its own status writes within a batch lead it to nothing (runner.ts): what it reads to write a
   * status is never that status, and every other input change keys it anyway. Kubernetes re-syncs
   * on them from its informers' cache at no cost; here that re-sync would read afresh.
   */
  ignoresOwnStatusWrites?: boolean;
}

export const splitKey = (key: string): [namespace: string | undefined, name: string] => {
  const i = key.indexOf('/');
  return i < 0 ? [undefined, key] : [key.slice(0, i), key.slice(i + 1)];
};
export const keyOf = (o: { metadata: { namespace?: string; name?: string } }) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name!);
