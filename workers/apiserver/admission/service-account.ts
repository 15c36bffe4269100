/**
 * ServiceAccount admission for pods: the pod runs as a ServiceAccount (`default` unless named)
 * and gets the projected kube-api-access volume (token, cluster CA, namespace) mounted in every
 * container, as errors-validation-defaults.md §4.2 describes.
 */
import { forbidden } from '../../../lib/errors.ts';
import { randomSuffix } from '../rest/meta.ts';
import type { AdmissionPlugin } from './index.ts';
import { serviceAccount as serviceAccountNamed } from '../identity/service-accounts.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';

const MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

interface PodSpecLike {
  serviceAccountName?: string;
  serviceAccount?: string;
  automountServiceAccountToken?: boolean;
  imagePullSecrets?: { name: string }[];
  volumes?: { name: string; [k: string]: unknown }[];
  containers?: { volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[] }[];
  initContainers?: { volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[] }[];
}

export const serviceAccount: AdmissionPlugin = async (ctx, desc, obj) => {
  if (desc.group !== '' || desc.resource !== 'pods') return;
  const spec = (obj.spec ??= {}) as PodSpecLike;
  const ns = obj.metadata.namespace!;
  const saName = spec.serviceAccountName || spec.serviceAccount || 'default';
  spec.serviceAccountName = saName;
  spec.serviceAccount = saName;

  const sa = await serviceAccountNamed(ctx.storage, ctx.cluster ?? ROOT_CLUSTER, ns, saName);
  // `default` is created by the ServiceAccount controller right after its namespace; a pod
  // created in that short window is admitted as if the account existed
  if (!sa && saName !== 'default') {
    const name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
    throw forbidden({ group: '', resource: 'pods' }, name, `error looking up service account ${ns}/${saName}: serviceaccount "${saName}" not found`);
  }
  const saSpec = (sa ?? {}) as { automountServiceAccountToken?: boolean; imagePullSecrets?: { name: string }[] };
  if (!spec.imagePullSecrets?.length && saSpec.imagePullSecrets?.length) spec.imagePullSecrets = saSpec.imagePullSecrets;

  const automount = spec.automountServiceAccountToken ?? saSpec.automountServiceAccountToken ?? true;
  if (!automount) return;
  spec.volumes ??= [];
  let volume = spec.volumes.find((v) => v.name.startsWith('kube-api-access-'));
  if (!volume) {
    volume = {
      name: `kube-api-access-${randomSuffix()}`,
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
        ],
      },
    };
    spec.volumes.push(volume);
  }
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    c.volumeMounts ??= [];
    if (!c.volumeMounts.some((m) => m.mountPath === MOUNT_PATH)) c.volumeMounts.push({ name: volume.name, readOnly: true, mountPath: MOUNT_PATH });
  }
};
