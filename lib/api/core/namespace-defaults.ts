/**
 * What every active namespace holds, as Kubernetes' ServiceAccount controller and root CA
 * publisher make them: the `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap. The
 * controllers keep them; a new cluster's bootstrap writes them with the namespaces.
 */
import type { KubeObject } from '../meta.ts';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';

export const defaultServiceAccount = (namespace: string): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace } });

export const rootCAConfigMap = (namespace: string, ca: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: ROOT_CA_CONFIGMAP,
    namespace,
    annotations: {
      'kubernetes.io/description':
        'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.',
    },
  },
  data: { 'ca.crt': ca },
});
