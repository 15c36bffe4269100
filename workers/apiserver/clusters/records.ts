/**
 * Which tenant clusters exist: the Cluster objects (tenancy.timonier.dev/v1alpha1, served by the
 * root cluster: registry/kinds/tenancy/clusters.ts) ARE the records, at the kind's storage key in
 * the ROOT cluster's storage, `/registry/clusters.tenancy.timonier.dev/<name>`. A cluster exists,
 * and is served, while its object exists and is not being deleted.
 *
 * The pipeline asks on every tenant request, so the records are read through a FollowedSet: a
 * per-isolate copy kept fresh from the log (at most one query per staleness period and isolate,
 * none per request); a record this isolate writes is seen at once (noteCommit, which every
 * committed write through the store makes), one written elsewhere within the staleness period.
 */
import { TENANCY_GROUP, TENANCY_VERSION, type Cluster, type ClusterPhase } from '../../../lib/api/tenancy.ts';
import { FollowedSet, noteCommit } from '../cache/followed.ts';
import clusterKind from '../registry/kinds/tenancy/clusters.ts';
import { storageKey, storagePrefix } from '../registry/index.ts';
import type { Storage } from '../storage/types.ts';
import { ROOT_CLUSTER } from '../storage/scoped.ts';

export const CLUSTER_GROUP = TENANCY_GROUP;
export const CLUSTER_API_VERSION = `${TENANCY_GROUP}/${TENANCY_VERSION}`;
export const CLUSTERS_RESOURCE = { group: CLUSTER_GROUP, resource: 'clusters' };
/** the kind's own keys (registry/index.ts storagePrefix): one way to name them */
export const CLUSTER_RECORDS_PREFIX = storagePrefix(clusterKind, undefined);
export const clusterRecordKey = (name: string) => storageKey(clusterKind, undefined, name);

export type { ClusterPhase };
export type ClusterRecord = Cluster;

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
