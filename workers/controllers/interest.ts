/**
 * The changes the controllers act on, as their informers' watches select them in
 * kube-controller-manager: the API server sends a change message only for these
 * (apiserver/handlers/store-context.ts). A message costs a queue send, the queue's delivery and
 * a batch run of every controller, about a third of workerd's CPU for a ConfigMap's create;
 * an Event, a ConfigMap, a Secret or a Role no controller looks at need none of it.
 *
 * A controller that comes to look at another kind adds it here: `interest.test.ts` runs every
 * controller's keysFor on changes this leaves out and fails if one asks for a key.
 */
import type { ChangeMessage } from '../apiserver/env.ts';
import { ROOT_CA_CONFIGMAP } from '../../lib/api/core/namespace-defaults.ts';

/** `group/resource` of the kinds whose every write some controller looks at */
const WATCHED = new Set([
  '/nodes',
  '/pods',
  '/services',
  '/serviceaccounts',
  '/resourcequotas',
  '/persistentvolumeclaims',
  '/persistentvolumes',
  'apps/deployments',
  'apps/replicasets',
  'apps/statefulsets',
  'apps/daemonsets',
  'batch/jobs',
  'batch/cronjobs',
  'discovery.k8s.io/endpointslices',
  'rbac.authorization.k8s.io/clusterroles',
  'autoscaling/horizontalpodautoscalers',
]);

/** the node controller's heartbeats */
const NODE_LEASES = 'kube-node-lease';

export type ChangeFacts = Pick<ChangeMessage, 'group' | 'resource' | 'namespace' | 'name' | 'type' | 'ownersChanged' | 'deleting'>;

/** a core/v1 or events.k8s.io Event: nobody's owner, nobody's charge */
export const isEvent = (c: Pick<ChangeMessage, 'group' | 'resource'>) => c.resource === 'events' && (c.group === '' || c.group === 'events.k8s.io');

export function controllersAct(c: ChangeFacts): boolean {
  if (isEvent(c)) return false;
  // any deletion: the garbage collector (an owner gone), the namespace controller (a terminating
  // namespace emptied), the quota controller (usage freed)
  if (c.type === 'DELETED') return true;
  if (WATCHED.has(`${c.group}/${c.resource}`)) return true;
  // a namespace's creation, or its deletion begun (an annotation or a label written: nothing)
  if (c.group === '' && c.resource === 'namespaces' && (c.type === 'ADDED' || c.deleting !== false)) return true;
  if (c.group === 'coordination.k8s.io' && c.resource === 'leases') return c.namespace === NODE_LEASES;
  if (c.group === '' && c.resource === 'configmaps' && c.name === ROOT_CA_CONFIGMAP) return true; // its publisher puts it back
  // the garbage collector: owner references that changed (or may have), or a deletion begun
  return c.ownersChanged !== false || c.deleting === true;
}
