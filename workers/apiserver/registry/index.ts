/**
 * The registry: every served kind, in discovery order, and the lookups and storage keys the
 * generic handlers use. Adding a kind = adding its file under kinds/ and one line here.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { KindDescriptor } from './types.ts';
import configmaps from './kinds/configmaps.ts';
import deployments from './kinds/deployments.ts';
import endpoints from './kinds/endpoints.ts';
import endpointslices from './kinds/endpointslices.ts';
import events from './kinds/events.ts';
import eventsV1 from './kinds/events-k8s-io.ts';
import leases from './kinds/leases.ts';
import limitranges from './kinds/limitranges.ts';
import namespaces from './kinds/namespaces.ts';
import nodes from './kinds/nodes.ts';
import pods from './kinds/pods.ts';
import replicasets from './kinds/replicasets.ts';
import { cronjobs, jobs } from './kinds/batch/index.ts';
import statefulsets from './kinds/statefulsets.ts';
import daemonsets from './kinds/daemonsets.ts';
import controllerrevisions from './kinds/controllerrevisions.ts';
import resourcequotas from './kinds/resourcequotas.ts';
import secrets from './kinds/secrets.ts';
import serviceaccounts from './kinds/serviceaccounts.ts';
import services from './kinds/services.ts';
import roles from './kinds/rbac/roles.ts';
import clusterroles from './kinds/rbac/clusterroles.ts';
import rolebindings from './kinds/rbac/rolebindings.ts';
import clusterrolebindings from './kinds/rbac/clusterrolebindings.ts';
import users from './kinds/identity/users.ts';
import clusters from './kinds/tenancy/clusters.ts';
import customresourcedefinitions from './kinds/apiextensions/customresourcedefinitions.ts';
import { mutatingWebhookConfigurations, validatingWebhookConfigurations } from './kinds/admissionregistration/webhook-configurations.ts';
import validatingadmissionpolicies from './kinds/admissionregistration/validatingadmissionpolicies.ts';
import validatingadmissionpolicybindings from './kinds/admissionregistration/validatingadmissionpolicybindings.ts';
import { persistentvolumes, persistentvolumeclaims, storageclasses } from './kinds/storage/index.ts';
import { hpaV1, hpaV2 } from './kinds/autoscaling/index.ts';

/** A kind's descriptor typed for the generic code (hooks take any object). */
const generic = (d: object) => d as KindDescriptor;

export const kinds: KindDescriptor[] = [
  namespaces,
  configmaps,
  secrets,
  pods,
  services,
  serviceaccounts,
  nodes,
  events,
  endpoints,
  limitranges,
  resourcequotas,
  persistentvolumes,
  persistentvolumeclaims,
  controllerrevisions,
  daemonsets,
  deployments,
  replicasets,
  statefulsets,
  jobs,
  cronjobs,
  hpaV2,
  hpaV1,
  endpointslices,
  leases,
  eventsV1,
  clusterrolebindings,
  clusterroles,
  rolebindings,
  roles,
  users,
  clusters,
  mutatingWebhookConfigurations,
  validatingWebhookConfigurations,
  validatingadmissionpolicies,
  validatingadmissionpolicybindings,
  customresourcedefinitions,
  storageclasses,
].map(generic);

const byResourceKey = new Map(kinds.map((d) => [`${d.group}/${d.version}/${d.resource}`, d]));

export const byResource = (group: string, version: string, resource: string): KindDescriptor | undefined =>
  byResourceKey.get(`${group}/${version}/${resource}`);

const byGvkKey = new Map(kinds.map((d) => [`${d.group}/${d.version}/${d.kind}`, d]));
/** the kind served at that group and version (a REST mapping) */
export const byGroupVersionKind = (group: string, version: string, kind: string): KindDescriptor | undefined => byGvkKey.get(`${group}/${version}/${kind}`);

/** Served group/versions in discovery order (core first). */
export function groups(): { group: string; version: string }[] {
  const seen = new Set<string>();
  const out: { group: string; version: string }[] = [];
  for (const d of kinds) {
    const key = `${d.group}/${d.version}`;
    if (!seen.has(key)) out.push({ group: d.group, version: d.version });
    seen.add(key);
  }
  return out;
}

/**
 * The resource segment of storage keys, as etcd's keys look: core and apps resources bare
 * (`/registry/pods/...`, `/registry/deployments/...`), other groups qualified
 * (`/registry/leases.coordination.k8s.io/...`), so same-named resources never share a prefix. A
 * converted kind (storedAs) uses the keys of the kind it is stored as.
 */
function keyResource(desc: KindDescriptor): string {
  const d = stored(desc);
  return d.group === '' || d.group === 'apps' ? d.resource : `${d.resource}.${d.group}`;
}

/** The kind whose keys hold this kind's objects: itself, or the one it is converted from. */
export const stored = (d: KindDescriptor): KindDescriptor => d.storedAs?.kind ?? d;

/** Every served kind whose objects live under the same keys as `d`'s (itself included). */
export const sharingStorage = (d: KindDescriptor): KindDescriptor[] => (d.customResource ? d.customResource.versions() : kinds.filter((k) => stored(k) === stored(d)));

/** `/registry/<resource>/<namespace>/<name>`, or `/registry/<resource>/<name>` when cluster-scoped. */
export function storageKey(d: KindDescriptor, namespace: string | undefined, name: string): string {
  return d.namespaced ? `/registry/${keyResource(d)}/${namespace ?? ''}/${name}` : `/registry/${keyResource(d)}/${name}`;
}

/** The prefix that lists one namespace (or every namespace / the cluster scope); always ends in `/`. */
export function storagePrefix(d: KindDescriptor, namespace?: string): string {
  return d.namespaced && namespace ? `/registry/${keyResource(d)}/${namespace}/` : `/registry/${keyResource(d)}/`;
}
