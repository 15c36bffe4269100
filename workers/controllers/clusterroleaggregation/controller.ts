/**
 * ClusterRole aggregation controller: a ClusterRole with an aggregationRule gets as rules the
 * union of the rules of the ClusterRoles its selectors match (aggregate.ts). Any ClusterRole change
 * may change what an aggregated role selects, so every aggregated role is looked at again.
 * Rules are written with server-side apply under the controller's own field manager, as
 * kube-controller-manager does.
 */
import { RBAC_GROUP, type ClusterRole } from '../../../lib/api/rbac.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import type { Reads } from '../framework/shared-reads.ts';
import { aggregatedRules, sameRules } from '../../../lib/rbac/aggregate.ts';

const NAME = 'clusterrole-aggregation-controller';

async function aggregatedRoles(reads: Reads): Promise<string[]> {
  const { items } = await reads.list<ClusterRole>(RESOURCES.clusterroles);
  return items.filter((r) => r.aggregationRule).map((r) => r.metadata.name!);
}

export const clusterRoleAggregationController: Controller = {
  name: NAME,
  keysFor: (change, ctx) => (change.group === RBAC_GROUP && change.resource === 'clusterroles' ? aggregatedRoles(ctx.shared) : []),
  resync: (ctx) => aggregatedRoles(ctx.api),
  async reconcile(name, ctx: ControllerContext) {
    // fresh reads: the rules written must reflect the roles as they are now
    const { items } = await ctx.api.list<ClusterRole>(RESOURCES.clusterroles);
    const role = items.find((r) => r.metadata.name === name);
    if (!role?.aggregationRule) return;
    const rules = aggregatedRules(role, items);
    if (sameRules(rules, role.rules)) return;
    await ctx.api.patch(RESOURCES.clusterroles, undefined, name, { apiVersion: `${RBAC_GROUP}/v1`, kind: 'ClusterRole', metadata: { name }, rules }, 'apply', undefined, {
      fieldManager: NAME,
      force: 'true',
    });
  },
};
