/**
 * tenancy.timonier.dev/v1alpha1 Cluster: a tenant cluster of this control plane, an object of the
 * ROOT cluster (its record, read by the pipeline to know which clusters are served). Creating one
 * bootstraps the tenant (`/clusters/<name>`), deleting one removes everything in it.
 */
import * as v from 'valibot';
import { int32, obj, str, strList, time } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';

export const TENANCY_GROUP = 'tenancy.timonier.dev';
export const TENANCY_VERSION = 'v1alpha1';
/** the finalizer that makes deleting a Cluster remove the tenant's contents first */
export const CLUSTER_CLEANUP_FINALIZER = `${TENANCY_GROUP}/cleanup`;
/** the label `timonier class create` puts on its students' clusters */
export const CLASS_LABEL = `${TENANCY_GROUP}/class`;

const count = (doc: string) => ({
  ready: int32(1, { keep: true, doc: `How many ${doc} are ready.` }),
  total: int32(2, { keep: true, doc: `How many ${doc} there are.` }),
});

export const cluster = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      admins: strList(1, { listType: 'atomic', doc: 'Users made cluster-admin in the tenant when it is created: a User of identity.timonier.dev there and a ClusterRoleBinding to cluster-admin. Immutable.' }),
    },
    { doc: 'What the tenant is made with.' },
  ),
  status: obj(
    3,
    {
      phase: str(1, { doc: 'Active, or Terminating while its contents are removed.' }),
      nodes: obj(2, count('nodes'), { doc: 'The nodes of the tenant (Ready condition True).' }),
      pods: obj(3, { running: int32(1, { keep: true, doc: 'How many pods are Running.' }), total: int32(2, { keep: true, doc: 'How many pods there are.' }) }, { doc: 'The pods of the tenant.' }),
      lastActivity: time(4, { doc: 'When the tenant was last written to (kept to within a minute).' }),
    },
    { doc: 'What the tenant holds, kept by the cluster-status controller.' },
  ),
});

export type ClusterPhase = 'Active' | 'Terminating';

export interface ClusterStatus {
  phase?: ClusterPhase;
  nodes?: { ready?: number; total?: number };
  pods?: { running?: number; total?: number };
  lastActivity?: string;
}

export interface Cluster extends KubeObject {
  spec?: { admins?: string[] };
  status?: ClusterStatus;
}
