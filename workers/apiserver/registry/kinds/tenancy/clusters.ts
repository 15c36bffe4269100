/**
 * tenancy.timonier.dev/v1alpha1 clusters (lib/api/tenancy.ts): the tenant clusters, served by the
 * root cluster only (handlers in clusters/kind-handlers.ts: creating one bootstraps the tenant,
 * deleting one empties it through the cleanup finalizer). Its keys are the records the pipeline
 * reads to know which clusters exist (clusters/records.ts).
 */
import { CLASS_LABEL, CLUSTER_CLEANUP_FINALIZER, cluster, TENANCY_GROUP, TENANCY_VERSION, type Cluster } from '../../../../../lib/api/tenancy.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { ROOT_CLUSTER } from '../../../storage/scoped.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';

const withCleanup = (c: Cluster) => {
  if (!c.metadata.finalizers?.includes(CLUSTER_CLEANUP_FINALIZER)) c.metadata.finalizers = [...(c.metadata.finalizers ?? []), CLUSTER_CLEANUP_FINALIZER];
};

/** Terminating from the moment it is marked for deletion, whatever its status says. */
export const clusterPhase = (c: Cluster) => (c.metadata.deletionTimestamp ? 'Terminating' : (c.status?.phase ?? 'Active'));
const ratio = (a?: number, b?: number) => `${a ?? 0}/${b ?? 0}`;

const desc: KindDescriptor<Cluster> = {
  group: TENANCY_GROUP,
  version: TENANCY_VERSION,
  kind: 'Cluster',
  resource: 'clusters',
  singular: 'cluster',
  namespaced: false,
  schema: cluster,
  openapiName: 'dev.timonier.tenancy.v1alpha1.Cluster',
  subresources: { status: true },
  // the tenant's path segment: /clusters/<name>
  nameRule: 'label',
  generation: 'spec',

  prepareForCreate(c) {
    c.status = { phase: 'Active' };
    withCleanup(c);
  },
  prepareForUpdate(c, old) {
    c.status = old.status;
    // only deletion lets the cleanup go (an Active cluster without it would leave its contents behind)
    if (!old.metadata.deletionTimestamp) withCleanup(c);
  },
  validate(c) {
    const errs: FieldError[] = [];
    if (c.metadata.name === ROOT_CLUSTER) errs.push(fieldErr.invalid('metadata.name', c.metadata.name, `"${ROOT_CLUSTER}" is the root cluster's name`));
    const seen = new Set<string>();
    (c.spec?.admins ?? []).forEach((a, i) => {
      const path = `spec.admins[${i}]`;
      if (!a) errs.push(fieldErr.required(path));
      else if (a.startsWith('system:')) errs.push(fieldErr.invalid(path, a, 'the system: prefix is reserved for the control plane’s own identities'));
      else if (a.includes('/')) errs.push(fieldErr.invalid(path, a, 'may not contain "/"'));
      else if (seen.has(a)) errs.push(fieldErr.duplicate(path, a));
      seen.add(a);
    });
    return errs;
  },
  validateUpdate(c, old) {
    const now = JSON.stringify(c.spec?.admins ?? []);
    return now === JSON.stringify(old.spec?.admins ?? []) ? [] : [fieldErr.invalid('spec.admins', c.spec?.admins ?? [], 'field is immutable: manage access with RBAC inside the cluster')];
  },

  table: {
    columns: [
      nameColumn,
      column('Phase', 'string', 'Active, or Terminating while its contents are removed.'),
      column('Nodes', 'string', 'Ready nodes / nodes.'),
      column('Pods', 'string', 'Running pods / pods.'),
      ageColumn,
      column('Admins', 'string', 'The users made cluster-admin when it was created.', 1),
      column('Class', 'string', `The ${CLASS_LABEL} label.`, 1),
      column('Last Activity', 'string', 'How long ago the cluster was last written to (to within a minute).', 1),
    ],
    cells: (c, now) => [
      c.metadata.name,
      clusterPhase(c),
      ratio(c.status?.nodes?.ready, c.status?.nodes?.total),
      ratio(c.status?.pods?.running, c.status?.pods?.total),
      age(c.metadata.creationTimestamp, now),
      (c.spec?.admins ?? []).join(',') || '<none>',
      c.metadata.labels?.[CLASS_LABEL] ?? '<none>',
      c.status?.lastActivity ? age(c.status.lastActivity, now) : '<none>',
    ],
  },
  fieldSelectors: { 'status.phase': (c) => clusterPhase(c) },
};

export default desc;
