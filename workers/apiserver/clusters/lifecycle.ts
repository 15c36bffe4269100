/**
 * Creating and deleting tenant clusters: what the Cluster kind (tenancy.timonier.dev) will call
 * from its create and its finalizer. A cluster is a record in the root cluster (records.ts), a key
 * prefix in the log (`/clusters/<name>/`), and Durable Objects named after it that exist only
 * while used; so creating one is a handful of writes and deleting one a range delete.
 *
 * Deletion, in order: the record is marked (requests get 404 from then on: at once in this
 * isolate, within the records' staleness period elsewhere), every key under the prefix goes with
 * its whole history (no events: nobody is left to watch), the cluster's metrics are cleared, and
 * the record goes. What remains: watch streams open at that moment stay open, silent, until their
 * timeout (their hubs then idle out); a node agent's tunnel stays connected until the agent stops
 * (its requests are 404s, its credential names a cluster that no longer exists); a request that
 * passed the existence check just before the mark may still write under the prefix, which is why
 * creating a cluster first purges whatever is left under its prefix.
 */
import { alreadyExists, fieldErr, invalid, notFound } from '../../../lib/errors.ts';
import type { Env } from '../env.ts';
import { bootstrapNewCluster, forgetBootstrap } from '../bootstrap.ts';
import { forgetUsage } from './limits.ts';
import { forgetCluster } from '../cache/followed.ts';
import { clearMetrics } from '../metrics/recorder.ts';
import { connectStorage } from '../storage/connect.ts';
import { clusterKeyPrefix, scopedStorage } from '../storage/scoped.ts';
import { rfc3339 } from '../rest/meta.ts';
import { clusterNameErrors } from './address.ts';
import { CLUSTER_API_VERSION, CLUSTER_GROUP, CLUSTERS_RESOURCE, clusterRecordKey, recordWritten, type ClusterRecord } from './records.ts';

type WaitUntil = (p: Promise<unknown>) => void;
/**
 * Creates the tenant cluster `name` with its system objects; 409 if it exists, 422 for a bad name.
 * `object`: the Cluster as the API's create path prepared it (validated, uid, finalizer,
 * managedFields), written as the record; a bare record without it.
 */
export async function createCluster(env: Env, name: string, waitUntil: WaitUntil, object?: ClusterRecord): Promise<ClusterRecord> {
  const errors = clusterNameErrors(name);
  if (errors.length) throw invalid({ group: CLUSTER_GROUP, kind: 'Cluster' }, name, errors.map((e) => fieldErr.invalid('metadata.name', name, e)));
  const root = connectStorage(env);
  if (await root.get(clusterRecordKey(name))) throw alreadyExists(CLUSTERS_RESOURCE, name);
  // what a deletion's straggling writes may have left: a new cluster starts empty
  await root.purge(clusterKeyPrefix(name));
  const record: ClusterRecord = {
    ...(object ?? { apiVersion: CLUSTER_API_VERSION, kind: 'Cluster', metadata: { name, uid: crypto.randomUUID(), creationTimestamp: rfc3339(new Date()) }, spec: {} }),
    // what the cluster-status controller would find: it need not read an empty tenant
    status: { phase: 'Active', nodes: { ready: 0, total: 0 }, pods: { running: 0, total: 0 } },
  };
  const created = await root.create(clusterRecordKey(name), record);
  if (!created.ok) throw alreadyExists(CLUSTERS_RESOURCE, name);
  recordWritten(name);
  forgetBootstrap(name);
  await bootstrapNewCluster(env, scopedStorage(root, name), name, waitUntil);
  return created.object as ClusterRecord;
}

export interface Deleted {
  record: ClusterRecord;
  /** objects the cluster held */
  objects: number;
}

/** Deletes the tenant cluster `name` and everything in it; 404 if there is none. */
export async function deleteCluster(env: Env, name: string): Promise<Deleted> {
  const root = connectStorage(env);
  const key = clusterRecordKey(name);
  let record = (await root.get(key)) as ClusterRecord | undefined;
  if (!record) throw notFound(CLUSTERS_RESOURCE, name);
  if (!record.metadata.deletionTimestamp) {
    const marked: ClusterRecord = { ...record, metadata: { ...record.metadata, deletionTimestamp: rfc3339(new Date()) }, status: { phase: 'Terminating' } };
    const res = await root.update(key, marked, Number(record.metadata.resourceVersion));
    if (!res.ok) throw res.reason === 'not-found' ? notFound(CLUSTERS_RESOURCE, name) : new Error(`cluster ${name}: its record changed while being deleted; try again`);
    record = res.object as ClusterRecord;
    recordWritten(name);
  }
  forgetBootstrap(name);
  forgetUsage(name);
  const objects = await root.purge(clusterKeyPrefix(name));
  forgetCluster(name);
  await clearMetrics(env, name);
  const gone = await root.delete(key, Number(record.metadata.resourceVersion));
  if (!gone.ok && gone.reason !== 'not-found') throw new Error(`cluster ${name}: its record changed while being deleted; try again`);
  recordWritten(name);
  return { record, objects };
}
