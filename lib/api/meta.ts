/** meta/v1: the types every object shares. Field numbers from k8s.io/apimachinery generated.proto. */
import * as v from 'valibot';
import { bool, fieldsV1, int64, list, message, obj, str, strList, strMap, time } from '../schema/fields.ts';

export const ownerReference = message(
  {
    apiVersion: str(5, { keep: true, doc: 'API version of the referent.' }),
    kind: str(1, { keep: true, doc: 'Kind of the referent.' }),
    name: str(3, { keep: true, doc: 'Name of the referent.' }),
    uid: str(4, { keep: true, doc: 'UID of the referent.' }),
    controller: bool(6, { ptr: true, doc: 'If true, this reference points to the managing controller.' }),
    blockOwnerDeletion: bool(7, { ptr: true, doc: 'If true, the owner cannot be deleted from the key-value store until this reference is removed.' }),
  },
  { structType: 'atomic' },
);

export const managedFieldsEntry = message({
  manager: str(1),
  operation: str(2),
  apiVersion: str(3),
  time: time(4, { ptr: true }),
  fieldsType: str(6),
  fieldsV1: fieldsV1(7, { ptr: true }),
  subresource: str(8),
});

export const objectMeta = message({
  name: str(1, { doc: 'Name must be unique within a namespace.' }),
  generateName: str(2, { doc: 'Optional prefix used by the server to generate a unique name.' }),
  namespace: str(3, { doc: 'Namespace defines the space within which each name must be unique.' }),
  selfLink: str(4),
  uid: str(5, { doc: 'UID is the unique in time and space value for this object.' }),
  resourceVersion: str(6, { doc: 'An opaque value that represents the internal version of this object.' }),
  generation: int64(7, { doc: 'A sequence number representing a specific generation of the desired state.' }),
  creationTimestamp: time(8, { doc: 'Time when this object was created.' }),
  deletionTimestamp: time(9, { ptr: true, doc: 'Time at which this resource will be deleted.' }),
  deletionGracePeriodSeconds: int64(10, { ptr: true }),
  labels: strMap(11, { doc: 'Map of string keys and values that can be used to organize and categorize objects.' }),
  annotations: strMap(12, { doc: 'Unstructured key value map stored with a resource.' }),
  ownerReferences: list(13, ownerReference, { patchStrategy: 'merge', patchMergeKey: 'uid', listType: 'map', listMapKeys: ['uid'], doc: 'List of objects depended by this object.' }),
  finalizers: strList(14, { patchStrategy: 'merge', listType: 'set', doc: 'Must be empty before the object is deleted from the registry.' }),
  managedFields: list(17, managedFieldsEntry, { listType: 'atomic' }),
});

export const labelSelectorRequirement = message({
  key: str(1, { keep: true }),
  operator: str(2, { keep: true }),
  values: strList(3, { listType: 'atomic' }),
});

export const labelSelector = message(
  {
    matchLabels: strMap(1),
    matchExpressions: list(2, labelSelectorRequirement, { listType: 'atomic' }),
  },
  { structType: 'atomic' },
);

export const condition = message({
  type: str(1, { keep: true }),
  status: str(2, { keep: true }),
  observedGeneration: int64(3),
  lastTransitionTime: time(4, { keep: true }),
  reason: str(5, { keep: true }),
  message: str(6, { keep: true }),
});

export const preconditions = message({
  uid: str(1, { ptr: true, doc: 'Specifies the target UID.' }),
  resourceVersion: str(2, { ptr: true, doc: 'Specifies the target ResourceVersion.' }),
});

/** The body of a DELETE (and of an Eviction's deleteOptions). */
export const deleteOptions = message({
  apiVersion: v.optional(v.nullable(v.string())),
  kind: v.optional(v.nullable(v.string())),
  gracePeriodSeconds: int64(1, { ptr: true, doc: 'The duration in seconds before the object should be deleted.' }),
  preconditions: obj(2, preconditions, { ptr: true, doc: 'Must be fulfilled before a deletion is carried out.' }),
  orphanDependents: bool(3, { ptr: true, doc: 'Deprecated: use propagationPolicy. Should the dependent objects be orphaned.' }),
  propagationPolicy: str(4, { ptr: true, doc: "Whether and how garbage collection will be performed: 'Orphan', 'Background' or 'Foreground'." }),
  dryRun: strList(5, { listType: 'atomic', doc: 'When present, indicates that modifications should not be persisted.' }),
  ignoreStoreReadErrorWithClusterBreakingPotential: bool(6, { ptr: true, doc: 'Unsafe deletion of corrupt objects (not supported).' }),
});

export interface DeleteOptions {
  apiVersion?: string;
  kind?: string;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  orphanDependents?: boolean;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  dryRun?: string[];
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/** The top-level fields of every object; kinds add spec/status/data/... */
export const objectEntries = {
  apiVersion: v.optional(v.nullable(v.pipe(v.string(), v.description('APIVersion defines the versioned schema of this representation of an object.')))),
  kind: v.optional(v.nullable(v.pipe(v.string(), v.description('Kind is a string value representing the REST resource this object represents.')))),
  metadata: obj(1, objectMeta, { doc: "Standard object's metadata." }),
};

export type ObjectMeta = {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string | null;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
  [k: string]: unknown;
};

export type OwnerReference = { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean };
export type ManagedFieldsEntry = {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: string;
  fieldsType?: 'FieldsV1';
  fieldsV1?: Record<string, unknown>;
  subresource?: string;
};
export type LabelSelector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };

/** Any Kubernetes object as stored and served: JSON with apiVersion, kind and metadata. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [k: string]: unknown;
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: ListMeta;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: { name?: string; group?: string; kind?: string; uid?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
  code?: number;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
export interface WatchEvent<T = KubeObject> {
  type: WatchEventType;
  object: T;
}
