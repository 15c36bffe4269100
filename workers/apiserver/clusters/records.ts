/**
 * Which tenant clusters exist: one record per cluster in the ROOT cluster's storage, at the key
 * the Cluster kind (tenancy.timonier.dev) will own, `/registry/clusters.tenancy.timonier.dev/<name>`.
 * A cluster exists, and is served, while its record exists and is not being deleted.
 *
 * The pipeline asks on every tenant request, so the records are read through a FollowedSet: a
 * per-isolate copy kept fresh from the log (at most one query per staleness period and isolate,
 * none per request); a record this isolate writes is seen at once (noteCommit), one written
 * elsewhere within the staleness period.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { FollowedSet, noteCommit } from '../cache/followed.ts';
import type { Storage } from '../storage/types.ts';
import { ROOT_CLUSTER } from '../storage/scoped.ts';

export const CLUSTER_GROUP = 'tenancy.timonier.dev';
export const CLUSTER_API_VERSION = `${CLUSTER_GROUP}/v1alpha1`;
export const CLUSTERS_RESOURCE = { group: CLUSTER_GROUP, resource: 'clusters' };
export const CLUSTER_RECORDS_PREFIX = `/registry/clusters.${CLUSTER_GROUP}/`;
export const clusterRecordKey = (name: string) => `${CLUSTER_RECORDS_PREFIX}${name}`;

export type ClusterPhase = 'Active' | 'Terminating';

export interface ClusterRecord extends KubeObject {
  status?: { phase?: ClusterPhase };
}

const records = new FollowedSet([CLUSTER_RECORDS_PREFIX]);

/** The record of `name`, from the isolate's copy (`root` is the root cluster's storage). */
export async function clusterRecord(root: Storage, name: string): Promise<ClusterRecord | undefined> {
  const { objects } = await records.read(root, ROOT_CLUSTER);
  return objects.get(clusterRecordKey(name)) as ClusterRecord | undefined;
}

/** Whether requests to `name` are served: its record exists and it is not being deleted. */
export async function isServed(root: Storage, name: string): Promise<boolean> {
  const record = await clusterRecord(root, name);
  return record !== undefined && !record.metadata.deletionTimestamp;
}

/** Every record, for listings (a handful of clusters per class; read from the copy). */
export async function clusterRecords(root: Storage): Promise<ClusterRecord[]> {
  const { objects } = await records.read(root, ROOT_CLUSTER);
  return [...objects.values()].sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!)) as ClusterRecord[];
}

/** After this isolate wrote a record: its next read sees it. */
export const recordWritten = (name: string) => noteCommit(ROOT_CLUSTER, clusterRecordKey(name));
