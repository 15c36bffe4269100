/**
 * A kind descriptor: everything the generic REST handlers need to serve one resource, as in
 * Kubernetes' registry strategies. A descriptor is a stateless value; the generic create/update
 * path calls its hooks in a fixed order:
 *
 *   create: defaults → admission → prepareForCreate → validate → storage
 *   update: defaults → prepareForUpdate(obj, old) → (generation bump) → validate + validateUpdate → storage
 *   status: prepareForStatusUpdate(obj, old) → validate → storage
 *
 * Hooks mutate the object in place (except validate*, which never mutate).
 */
import type * as v from 'valibot';
import type { FieldError } from '../../../lib/errors.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { WebhookBindings } from '../admission/webhooks/types.ts';
import type { Storage } from '../storage/types.ts';

export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format?: string;
  description: string;
  priority: number;
}

export type NameRule = 'subdomain' | 'label' | 'dns1035' | 'path-segment';

export interface Subresources {
  status?: boolean;
  /** apps/v1 Deployment/ReplicaSet: autoscaling/v1 Scale over spec.replicas and status */
  scale?: boolean;
  /** pods/binding */
  binding?: boolean;
  /** pods/log, pods/exec, pods/eviction (served in later issues, listed in discovery) */
  log?: boolean;
  exec?: boolean;
  /** pods/attach */
  attach?: boolean;
  eviction?: boolean;
  portforward?: boolean;
  /** pods/ephemeralcontainers: the whole Pod, of which only spec.ephemeralContainers may change */
  ephemeralcontainers?: boolean;
  /** serviceaccounts/token (TokenRequest) */
  token?: boolean;
}

export interface KindDescriptor<T extends KubeObject = KubeObject> {
  group: string;
  version: string;
  kind: string;
  /** plural lower-case resource name, as in URLs */
  resource: string;
  singular: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  /** the one schema: valibot object schema of the whole object (apiVersion, kind, metadata, spec, status...) */
  schema: v.GenericSchema;
  /** the protobuf message name in k8s.io/api (for OpenAPI/explain naming), e.g. io.k8s.api.core.v1.Pod */
  openapiName: string;
  subresources?: Subresources;
  nameRule: NameRule;
  /** bump metadata.generation on spec change ('spec') or spec+annotations change (Deployment) */
  generation?: 'spec' | 'spec+annotations';
  /** top-level fields owned by the status subresource (default ['status']) */
  statusFields?: string[];
  /** DELETE answers with the object (pods, namespaces, serviceaccounts) instead of a Status */
  deleteReturnsObject?: boolean;

  /** decode-time SetDefaults (also applied to the result of every update/patch) */
  defaults?(obj: T): void;
  prepareForCreate?(obj: T): void;
  prepareForUpdate?(obj: T, old: T): void;
  prepareForStatusUpdate?(obj: T, old: T): void;
  validate?(obj: T): FieldError[];
  validateUpdate?(obj: T, old: T): FieldError[];
  /** checks only a create makes (Kubernetes' ValidatePodCreate: no ephemeral containers yet) */
  validateCreate?(obj: T): FieldError[];
  /**
   * Subresources written with the whole object besides status (pods/ephemeralcontainers): what
   * such a write keeps of the old object, and its update rules (in place of validateUpdate).
   */
  subresourceUpdates?: Record<string, { prepare(obj: T, old: T): void; validate(obj: T, old: T): FieldError[] }>;

  /** server-side Table: column definitions and the cells of one row */
  table?: { columns: TableColumn[]; cells(obj: T, now: number): unknown[] };
  /** field selectors beyond metadata.name and metadata.namespace */
  fieldSelectors?: Record<string, (obj: T) => string | undefined>;

  /**
   * Served as another version of a kind stored elsewhere (events.k8s.io/v1 Event over core/v1
   * Event): its objects live under that kind's keys, in that kind's shape, and are converted on
   * every read and write (storage/converting.ts). metadata (resourceVersion, managedFields) passes
   * through unchanged.
   */
  storedAs?: StoredAs;

  /**
   * a custom resource's kind: the CRD it is served from (crd/custom-kind.ts), every served version
   * of it (this one included), and how its objects, kept at whichever version they were written
   * at, are converted to and from this version
   */
  customResource?: { crd: KubeObject; versions(): KindDescriptor[]; conversion(reach: ConversionReach): Conversion };
}

/**
 * How a served version's objects are converted from and to the stored ones (storage/converting.ts):
 * synchronously for a built-in kind stored as another, through the CRD's webhook for a custom one.
 */
export interface Conversion {
  /** stored objects → served, in order; an object already served as is comes back unchanged (the same object; all of them: the same array) */
  out(objects: KubeObject[]): Promise<KubeObject[]>;
  /** a served object → as it is stored */
  in(object: KubeObject): Promise<KubeObject>;
  /** what selectors see of a stored object: the served shape, unless only a webhook could make it (then the stored object) */
  selected(object: KubeObject): KubeObject;
}

/**
 * What a conversion webhook is reached with: the same bindings and Services as admission
 * webhooks'. A request's read context (rest/store.ts ReadContext) is one.
 */
export interface ConversionReach {
  storage: Storage;
  cluster: string;
  webhookBindings?: WebhookBindings;
}

export interface StoredAs {
  /** the kind whose keys and shape hold the objects */
  kind: KindDescriptor;
  toStorage(obj: KubeObject): KubeObject;
  fromStorage(obj: KubeObject): KubeObject;
}

