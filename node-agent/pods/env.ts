/**
 * A container's environment, as the kubelet builds it: envFrom sources first (ConfigMaps and
 * Secrets, with their prefix), then `env` in order, where `$(NAME)` expands to a variable
 * defined before it (`$$` escapes a `$`) and valueFrom reads the pod's fields, a ConfigMap key or
 * a Secret key. A missing ConfigMap, Secret or key that is not optional is a ConfigError, which
 * the pod shows as CreateContainerConfigError. Service links (FOO_SERVICE_HOST) are not set.
 */
import type { Container, Pod } from '../../lib/api/core/pod.ts';

export class ConfigError extends Error {}

/** The pod a token is bound to. */
export interface PodRef {
  namespace: string;
  name: string;
  uid: string;
}

export interface ObjectLookup {
  configMap(namespace: string, name: string): Promise<{ data?: Record<string, string>; binaryData?: Record<string, string> } | undefined>;
  secret(namespace: string, name: string): Promise<{ data?: Record<string, string> } | undefined>;
  /**
   * a token for the pod's service account (TokenRequest), bound to the pod so that it dies with
   * it, for projected token volumes
   */
  serviceAccountToken(pod: PodRef, serviceAccount: string, opts: { expirationSeconds: number; audience?: string }): Promise<string>;
  /** the host directory of a persistentVolumeClaim volume (node-agent/storage/), or a VolumeError while it cannot be mounted */
  claimPath?(namespace: string, claim: string): Promise<string>;
}

export interface EnvVar {
  name: string;
  value: string;
}

/** Expands $(VAR) references from `vars`; unknown references stay as written, $$ is a $. */
export function expand(text: string, vars: Map<string, string>): string {
  return text.replace(/\$\$|\$\(([^)]*)\)/g, (m, name: string | undefined) => {
    if (m === '$$') return '$';
    return name !== undefined && vars.has(name) ? vars.get(name)! : m;
  });
}

const b64 = (s: string) => new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));

/** The value of a downward-API field path (env fieldRef, downwardAPI volume items). */
export function podField(pod: Pod, path: string, hostIP: string): string {
  const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (m) return (pod.metadata[m[1] as 'labels' | 'annotations'] ?? {})[m[2]] ?? '';
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'metadata.labels':
    case 'metadata.annotations': {
      const map = pod.metadata[path === 'metadata.labels' ? 'labels' : 'annotations'] ?? {};
      return Object.entries(map)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join('\n');
    }
    case 'spec.nodeName':
      return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName ?? '';
    case 'status.hostIP':
      return hostIP;
    case 'status.hostIPs':
      return hostIP;
    case 'status.podIP':
      return pod.status?.podIP ?? '';
    case 'status.podIPs':
      return (pod.status?.podIPs ?? []).map((p) => p.ip).join(',');
  }
  throw new ConfigError(`unsupported fieldPath: ${path}`);
}

export async function containerEnv(pod: Pod, c: Container, lookup: ObjectLookup, hostIP: string): Promise<EnvVar[]> {
  const ns = pod.metadata.namespace ?? 'default';
  const vars = new Map<string, string>();

  for (const src of c.envFrom ?? []) {
    const prefix = src.prefix ?? '';
    if (src.configMapRef) {
      const cm = await lookup.configMap(ns, src.configMapRef.name ?? '');
      if (!cm && !src.configMapRef.optional) throw new ConfigError(`configmap "${src.configMapRef.name}" not found`);
      for (const [k, v] of Object.entries(cm?.data ?? {})) vars.set(prefix + k, v);
    }
    if (src.secretRef) {
      const s = await lookup.secret(ns, src.secretRef.name ?? '');
      if (!s && !src.secretRef.optional) throw new ConfigError(`secret "${src.secretRef.name}" not found`);
      for (const [k, v] of Object.entries(s?.data ?? {})) vars.set(prefix + k, b64(v));
    }
  }

  for (const e of c.env ?? []) {
    const from = e.valueFrom;
    if (!from) {
      vars.set(e.name ?? '', expand(e.value ?? '', vars));
      continue;
    }
    if (from.fieldRef) vars.set(e.name ?? '', podField(pod, from.fieldRef.fieldPath ?? '', hostIP));
    else if (from.configMapKeyRef) {
      const ref = from.configMapKeyRef;
      const cm = await lookup.configMap(ns, ref.name ?? '');
      const value = cm?.data?.[ref.key ?? ''];
      if (value !== undefined) vars.set(e.name ?? '', value);
      else if (!ref.optional) throw new ConfigError(cm ? `couldn't find key ${ref.key} in ConfigMap ${ns}/${ref.name}` : `configmap "${ref.name}" not found`);
    } else if (from.secretKeyRef) {
      const ref = from.secretKeyRef;
      const s = await lookup.secret(ns, ref.name ?? '');
      const value = s?.data?.[ref.key ?? ''];
      if (value !== undefined) vars.set(e.name ?? '', b64(value));
      else if (!ref.optional) throw new ConfigError(s ? `couldn't find key ${ref.key} in Secret ${ns}/${ref.name}` : `secret "${ref.name}" not found`);
    } else if (from.resourceFieldRef) {
      throw new ConfigError(`env ${e.name}: resourceFieldRef is not supported by this node agent yet`);
    }
  }
  return [...vars].map(([name, value]) => ({ name, value }));
}
