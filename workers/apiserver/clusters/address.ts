/**
 * How a request names its cluster: the root cluster keeps the plain paths (`/api`, `/apis`,
 * `/version`, ...); a tenant is `/clusters/<name>` followed by the same paths. The pipeline's
 * first step (app.ts) takes the prefix off, so nothing after it knows a request came through one.
 */
import { dns1123Label } from '../../../lib/validation/names.ts';
import { ROOT_CLUSTER } from '../storage/scoped.ts';

export { ROOT_CLUSTER };

const TENANT_PATH = /^\/clusters\/([^/]+)(\/.*)?$/;

export interface Addressed {
  cluster: string;
  /** the path as the root cluster would see it ('/' when nothing follows the name) */
  path: string;
}

/** The cluster and the rest of the path of a `/clusters/<name>/...` path; undefined for the root's paths. */
export function tenantPath(pathname: string): Addressed | undefined {
  const m = TENANT_PATH.exec(pathname);
  if (!m) return undefined;
  let cluster: string;
  try {
    cluster = decodeURIComponent(m[1]);
  } catch {
    cluster = m[1];
  }
  return { cluster, path: m[2] ?? '/' };
}

/** Why `name` cannot name a tenant cluster (DNS label, not the root's name); empty when it can. */
export function clusterNameErrors(name: string): string[] {
  if (name === ROOT_CLUSTER) return [`"${ROOT_CLUSTER}" is the root cluster's name`];
  return dns1123Label(name);
}
