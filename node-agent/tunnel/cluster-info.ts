/**
 * Discovery of the cluster CA with a bootstrap token, as kubeadm does it: kube-public/cluster-info
 * holds a kubeconfig (server, CA) readable by anyone, and for each token a detached JWS of that
 * kubeconfig (`jws-kubeconfig-<id>`, HS256 keyed with the token's secret). A joining node reads
 * it without trusting the connection and believes the CA only if the signature checks out: only
 * someone who knows the token could have signed it. The token itself is sent only afterwards,
 * over TLS verified with that CA.
 */
import { CompactSign, compactVerify } from 'jose';
import { parse, stringify } from 'yaml';

export const CLUSTER_INFO = { namespace: 'kube-public', name: 'cluster-info' };
export const CLUSTER_INFO_PATH = `/api/v1/namespaces/${CLUSTER_INFO.namespace}/configmaps/${CLUSTER_INFO.name}`;
export const signatureKey = (tokenId: string) => `jws-kubeconfig-${tokenId}`;

/** The kubeconfig cluster-info publishes: the server and its CA, no credentials. */
export function clusterInfoKubeconfig(server: string, caPem: string): string {
  return stringify({ apiVersion: 'v1', kind: 'Config', clusters: [{ name: '', cluster: { 'certificate-authority-data': btoa(caPem), server } }], contexts: [], users: [], preferences: {} });
}

/** `header..signature`: the JWS without its payload. */
export async function signKubeconfig(kubeconfig: string, tokenId: string, tokenSecret: string): Promise<string> {
  const jws = await new CompactSign(new TextEncoder().encode(kubeconfig)).setProtectedHeader({ alg: 'HS256', kid: tokenId }).sign(new TextEncoder().encode(tokenSecret));
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

/** The CA of a cluster-info ConfigMap's data, once its signature for this token is checked. */
export async function verifiedCA(data: Record<string, string> | undefined, token: string): Promise<string> {
  const [tokenId, tokenSecret] = token.split('.');
  const kubeconfig = data?.kubeconfig;
  const detached = data?.[signatureKey(tokenId)];
  if (!kubeconfig) throw new Error(`${CLUSTER_INFO.namespace}/${CLUSTER_INFO.name} holds no kubeconfig`);
  if (!detached) throw new Error(`${CLUSTER_INFO.namespace}/${CLUSTER_INFO.name} has no signature for token "${tokenId}": create tokens with \`timonier token create\`, or give the cluster CA`);
  const [header, payload, signature] = detached.split('.');
  if (payload !== '' || !header || !signature) throw new Error(`the signature for token "${tokenId}" is not a detached JWS`);
  const body = Buffer.from(kubeconfig).toString('base64url');
  try {
    await compactVerify(`${header}.${body}.${signature}`, new TextEncoder().encode(tokenSecret), { algorithms: ['HS256'] });
  } catch {
    throw new Error(`the cluster-info signature for token "${tokenId}" does not match: the server does not know this token, or someone is in between`);
  }
  const config = parse(kubeconfig) as { clusters?: { cluster?: Record<string, string> }[] };
  const caData = config.clusters?.[0]?.cluster?.['certificate-authority-data'];
  if (!caData) throw new Error('the cluster-info kubeconfig carries no certificate-authority-data');
  return Buffer.from(caData, 'base64').toString('utf8');
}
