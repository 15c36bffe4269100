/** The resources the StatefulSet and DaemonSet controllers use beyond lib/client's list. */
import type { Resource } from '../../../lib/client/resources.ts';

const apps = (resource: string): Resource => ({ group: 'apps', version: 'v1', resource, namespaced: true });

export const STATEFULSETS = apps('statefulsets');
export const DAEMONSETS = apps('daemonsets');
export const CONTROLLER_REVISIONS = apps('controllerrevisions');
export const PERSISTENT_VOLUME_CLAIMS: Resource = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespaced: true };
