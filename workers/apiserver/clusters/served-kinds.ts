/**
 * The kinds a cluster serves: every kind in the root; in a tenant all but the root's own
 * (tenancy.timonier.dev clusters), so a tenant's discovery lists nothing it would answer 404 for
 * (clients that walk discovery, the garbage collector among them, would fail on it).
 */
import { TENANCY_GROUP } from '../../../lib/api/tenancy.ts';
import { kinds } from '../registry/index.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { ROOT_CLUSTER } from '../storage/scoped.ts';

const ROOT_ONLY_GROUPS = new Set([TENANCY_GROUP]);
const tenantKinds = kinds.filter((k) => !ROOT_ONLY_GROUPS.has(k.group));

export const isRootOnly = (d: KindDescriptor) => ROOT_ONLY_GROUPS.has(d.group);
export const kindsServedIn = (cluster: string): KindDescriptor[] => (cluster === ROOT_CLUSTER ? kinds : tenantKinds);
