/**
 * serviceaccounts/<name>/token (TokenRequest): a bearer token for the service account, as
 * kube-apiserver issues it (pkg/registry/core/serviceaccount/storage/token.go): signed with the
 * cluster's key, for the requested audiences (the API's by default), with Kubernetes' private
 * claims naming the service account and, when bound, the pod (and its node), secret or node, so
 * that the token dies with them (identity/service-accounts.ts). The node agent asks for it to
 * fill a pod's projected service-account token volume; `kubectl create token` too.
 * users/<name>/token is a person's token (identity/user-token.ts).
 */
import type { Context } from 'hono';
import { badRequest, conflict, fieldErr, forbidden, invalid, internal, notFound } from '../../../lib/errors.ts';
import { IDENTITY_GROUP } from '../../../lib/api/identity.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { parseGroupVersion } from '../../../lib/api/group-version.ts';
import { tokenRequest } from '../../../lib/api/authn.ts';
import { decodeBody } from '../codec/decode.ts';
import { signToken, type KubernetesClaims } from '../../../lib/auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { API_AUDIENCE, serviceAccount } from '../identity/service-accounts.ts';
import { userTokenHandler } from '../identity/user-token.ts';
import { byResource, storageKey, storagePrefix } from '../registry/index.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject, type StoreContext } from '../rest/store.ts';
import { rfc3339 } from '../rest/meta.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';
import { storeContext } from './store-context.ts';
import { nodeIdentity } from '../auth/node-identity.ts';
import { nodeNameOf, nodeTokenRefusal } from '../auth/node-restriction.ts';
import { recentlyHeld } from '../cache/list-cache.ts';
import { IsolateMemo } from '../../../lib/isolate/memo.ts';

/** Kubernetes' bounds: at least 10 minutes; the default is one hour. */
const MIN_SECONDS = 600;
const DEFAULT_SECONDS = 3600;
const SERVICE_ACCOUNTS = { group: '', resource: 'serviceaccounts' };

interface BoundObjectRef {
  kind?: string;
  apiVersion?: string;
  name?: string;
  uid?: string;
}

interface TokenRequest {
  spec?: { expirationSeconds?: number; audiences?: string[]; boundObjectRef?: BoundObjectRef | null };
}

export async function tokenHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  if (desc.group === IDENTITY_GROUP) return userTokenHandler(c, desc);
  const info = c.get('info') as ResourceRequestInfo;
  // kubectl's typed client sends it as protobuf
  const body = await readBody(c, OBJECT_TYPES);
  const req = (body.bytes.length ? decodeBody(body.bytes, body.contentType, { schema: tokenRequest, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' }, 'Ignore').object : {}) as TokenRequest;
  const seconds = req.spec?.expirationSeconds ?? DEFAULT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < MIN_SECONDS)
    throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, info.name, [fieldErr.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes')]);
  const ctx = storeContext(c);
  const ref = req.spec?.boundObjectRef ?? undefined;
  const requester = nodeIdentity(ctx.user); // a kubelet: NodeRestriction's rules (a name always: nodeRestriction refused the others)
  const refused = requester && nodeTokenRefusal(requester, ref);
  if (refused) throw forbidden(SERVICE_ACCOUNTS, info.name, refused);
  // the account and the bound object are read at once (a pod's token volume waits for this);
  // an unknown account still answers first, with its 404
  const pods = kindOf('pods');
  const heldPod = (namespace: string, name: string) => recentlyHeld(c.get('cluster'), c.get('clusterUid'), storagePrefix(pods), storageKey(pods, namespace, name));
  const nodeUid = (node: string) =>
    nodeUids.get(c.req.raw, `${c.get('cluster')}/${node}`, async () => (await getObject(ctx, kindOf('nodes'), '', node)).metadata.uid!, NODE_UID_MS).catch(() => undefined);
  const bound = ref ? binding(ctx, info, ref, requester, { heldPod, nodeUid }) : Promise.resolve({});
  bound.catch(() => undefined);
  const sa = await serviceAccount(ctx.storage, ctx.cluster, info.namespace, info.name, (p) => c.executionCtx.waitUntil(p));
  if (!sa) throw notFound(SERVICE_ACCOUNTS, info.name);
  const kubernetes: KubernetesClaims = { namespace: info.namespace, serviceaccount: { name: info.name, uid: sa.metadata.uid! }, ...(await bound) };
  const key = c.env.TOKEN_SIGNING_KEY;
  if (!key) throw internal('no TOKEN_SIGNING_KEY: this control plane cannot issue tokens');
  const audiences = req.spec?.audiences?.length ? req.spec.audiences : [API_AUDIENCE];
  const token = await signToken(key, { sub: `system:serviceaccount:${info.namespace}:${info.name}`, kubernetes, audiences, cluster: c.get('cluster'), clusterUid: c.get('clusterUid'), jti: crypto.randomUUID(), ttlSeconds: seconds });
  return json(c, {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name: info.name, namespace: info.namespace, creationTimestamp: null },
    spec: { audiences, expirationSeconds: seconds, boundObjectRef: ref ?? null },
    status: { token, expirationTimestamp: rfc3339(new Date(Date.now() + seconds * 1000)) },
  }, 201);
}

const kindOf = (resource: string) => byResource('', 'v1', resource)!;

/**
 * A node's uid changes only when its Node is made again (and a pod-bound token's node claim is
 * not checked when the token is used): kept for a few seconds per isolate, so that a burst of pod
 * starts asks it once per node rather than once per token.
 */
const NODE_UID_MS = 10_000;
/** at most this many nodes' uids (every cluster's) */
const NODE_UIDS_KEPT = 10_000;
const nodeUids = new IsolateMemo<string, string>(NODE_UIDS_KEPT);

interface Lookups {
  /** the pod from the isolate's copy, when it caught up with the log in the last second (cache/list-cache.ts) */
  heldPod(namespace: string, name: string): KubeObject | undefined;
  /** the node's uid; undefined when there is no such node */
  nodeUid(node: string): Promise<string | undefined>;
}

/**
 * The claims of the object the token is bound to, checked as kube-apiserver checks them. A pod's
 * uid, account and node never change once set: the isolate's copy gives them when it caught up
 * in the last second, as the Node authorizer's check of the same request did; else it is read.
 */
async function binding(ctx: StoreContext, info: ResourceRequestInfo, ref: BoundObjectRef, requester: string | undefined, lookups: Lookups): Promise<Partial<KubernetesClaims>> {
  const { group, version } = parseGroupVersion(ref.apiVersion ?? '') ?? { group: '', version: '' };
  const name = ref.name ?? '';
  let obj: KubeObject;
  let out: Partial<KubernetesClaims>;
  if (group === '' && ref.kind === 'Pod') {
    const copy = ref.uid ? lookups.heldPod(info.namespace, name) : undefined;
    const settled = copy && copy.metadata.uid === ref.uid && nodeNameOf(copy) ? copy : undefined;
    // a node asking for a token of its pod (every pod start): its Node is looked up with the pod, not after it
    const requesterUid = requester ? lookups.nodeUid(requester) : undefined;
    obj = settled ?? (await getObject(ctx, kindOf('pods'), info.namespace, name));
    const refused = requester && nodeTokenRefusal(requester, ref, obj);
    if (refused) throw forbidden(SERVICE_ACCOUNTS, info.name, refused);
    const podSa = (obj as { spec?: { serviceAccountName?: string } }).spec?.serviceAccountName ?? '';
    if (podSa !== info.name) throw badRequest(`cannot bind token for serviceaccount "${info.name}" to pod running with serviceaccount "${podSa}"`);
    out = { pod: { name, uid: obj.metadata.uid! } };
    const nodeName = nodeNameOf(obj);
    if (nodeName) {
      const uid = await (nodeName === requester && requesterUid ? requesterUid : lookups.nodeUid(nodeName));
      if (uid) out.node = { name: nodeName, uid };
    }
  } else if (group === '' && ref.kind === 'Secret') {
    obj = await getObject(ctx, kindOf('secrets'), info.namespace, name);
    out = { secret: { name, uid: obj.metadata.uid! } };
  } else if (group === '' && ref.kind === 'Node') {
    obj = await getObject(ctx, kindOf('nodes'), '', name);
    out = { node: { name, uid: obj.metadata.uid! } };
  } else {
    throw badRequest(`cannot bind token to object of type ${group}/${version}, Kind=${ref.kind ?? ''}`);
  }
  if (ref.uid && ref.uid !== obj.metadata.uid)
    throw conflict({ group, resource: ref.kind! }, name, `the UID in the bound object reference (${ref.uid}) does not match the UID in record (${obj.metadata.uid}). The object might have been deleted and then recreated`);
  return out;
}
