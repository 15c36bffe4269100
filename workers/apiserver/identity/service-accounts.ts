/**
 * Service-account tokens from TokenRequest, checked as Kubernetes' validator checks them
 * (pkg/serviceaccount/claims.go): the audience must be the API's, the service account must exist
 * with the uid in the token, and a token bound to a pod or a secret dies with it (deleted, being
 * deleted for more than a minute, or recreated with another uid).
 *
 * Per-request cost: service accounts come from a per-isolate copy kept fresh from the log
 * (cache/followed.ts: this isolate's writes at once, others' within 250 ms), also for the
 * ServiceAccount admission and TokenRequest (`serviceAccount`). Pods and secrets are
 * (and nodes) too many and too busy to follow: a bound object is read once and its answer kept
 * for BOUND_OBJECT_TTL_MS, so a deleted pod's token stops working within that time.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { serviceAccountGroups, type VerifiedClaims } from '../../../lib/auth/tokens.ts';
import type { UserInfo } from '../auth/authn.ts';
import { FollowedSet, type Background } from '../cache/followed.ts';
import { byResource, storageKey, storagePrefix } from '../registry/index.ts';
import type { Storage } from '../storage/types.ts';
import { CREDENTIAL_ID } from './user-info.ts';

/** The audience of tokens meant for this API (kubeadm's --api-audiences default). */
export const API_AUDIENCE = 'https://kubernetes.default.svc.cluster.local';
export const BOUND_OBJECT_TTL_MS = 5000;
/** go-jose's default leeway: an object deleted less than this long ago still validates. */
const DELETION_LEEWAY_MS = 60_000;
const MAX_CACHED = 10_000;

const serviceAccounts = byResource('', 'v1', 'serviceaccounts')!;
const pods = byResource('', 'v1', 'pods')!;
const secrets = byResource('', 'v1', 'secrets')!;
const nodes = byResource('', 'v1', 'nodes')!;
const followed = new FollowedSet([storagePrefix(serviceAccounts)]);

interface Seen {
  at: number;
  uid?: string;
  deletedAt?: number;
}
const bound = new Map<string, Seen>();

/** The object's uid and deletion time as read at most BOUND_OBJECT_TTL_MS ago. */
async function recently(storage: Storage, cluster: string, key: string, now: number): Promise<Seen> {
  const id = `${cluster}\u0000${key}`;
  const hit = bound.get(id);
  if (hit && now - hit.at < BOUND_OBJECT_TTL_MS) return hit;
  const obj = await storage.get(key);
  const seen = describe(obj, now);
  bound.delete(id);
  bound.set(id, seen);
  if (bound.size > MAX_CACHED) bound.delete(bound.keys().next().value!);
  return seen;
}

const describe = (obj: KubeObject | undefined, at: number): Seen =>
  obj ? { at, uid: obj.metadata.uid, deletedAt: obj.metadata.deletionTimestamp ? Date.parse(obj.metadata.deletionTimestamp) : undefined } : { at };

/** Whether the object still stands for the reference: same uid, not deleted for more than the leeway. */
const valid = (seen: Seen, uid: string, now: number) => seen.uid === uid && !(seen.deletedAt !== undefined && seen.deletedAt < now - DELETION_LEEWAY_MS);

/**
 * A service account as this isolate's copy has it (as Kubernetes' admission reads its lister and
 * the token's validator its informer), read from storage when the copy has none yet (made by
 * another isolate within the staleness bound). The ServiceAccount admission and TokenRequest read
 * it for every pod, and every token a pod's agent asks for.
 */
export async function serviceAccount(storage: Storage, cluster: string, namespace: string, name: string, background?: Background): Promise<KubeObject | undefined> {
  const key = storageKey(serviceAccounts, namespace, name);
  const { objects } = await followed.read(storage, cluster, background);
  return objects.get(key) ?? (await storage.get(key));
}

/** The service account a verified TokenRequest token stands for, or undefined when it no longer does. */
export async function serviceAccountFor(claims: VerifiedClaims, storage: Storage, cluster: string, now = Date.now(), background?: Background): Promise<UserInfo | undefined> {
  const k = claims.kubernetes!;
  if (!claims.aud.includes(API_AUDIENCE)) return undefined;
  if (claims.sub !== `system:serviceaccount:${k.namespace}:${k.serviceaccount.name}`) return undefined;
  const { objects } = await followed.read(storage, cluster, background);
  const sa = objects.get(storageKey(serviceAccounts, k.namespace, k.serviceaccount.name));
  if (!valid(describe(sa, now), k.serviceaccount.uid, now)) return undefined;
  if (k.secret && !valid(await recently(storage, cluster, storageKey(secrets, k.namespace, k.secret.name), now), k.secret.uid, now)) return undefined;
  if (k.pod && !valid(await recently(storage, cluster, storageKey(pods, k.namespace, k.pod.name), now), k.pod.uid, now)) return undefined;
  // a token bound to a node itself (not through a pod) dies with the node
  if (k.node && !k.pod && !valid(await recently(storage, cluster, storageKey(nodes, undefined, k.node.name), now), k.node.uid, now)) return undefined;

  // the user extra Kubernetes 1.32 sets (pkg/serviceaccount/util.go)
  const extra: Record<string, string[]> = {};
  if (claims.jti) extra[CREDENTIAL_ID] = [`JTI=${claims.jti}`];
  if (k.node) {
    extra['authentication.kubernetes.io/node-name'] = [k.node.name];
    if (k.node.uid) extra['authentication.kubernetes.io/node-uid'] = [k.node.uid];
  }
  if (k.pod) {
    extra['authentication.kubernetes.io/pod-name'] = [k.pod.name];
    extra['authentication.kubernetes.io/pod-uid'] = [k.pod.uid];
  }
  return { username: claims.sub, uid: k.serviceaccount.uid, groups: serviceAccountGroups(k.namespace), ...(Object.keys(extra).length ? { extra } : {}) };
}
