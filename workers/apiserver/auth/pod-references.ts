/**
 * The objects a pod refers to by name (its "graph edges" in Kubernetes' Node authorizer): the
 * secrets, config maps and service account a kubelet must read to run it.
 */
export type ReferencedKind = 'secrets' | 'configmaps' | 'serviceaccounts';

interface Container {
  env?: { valueFrom?: { configMapKeyRef?: { name?: string }; secretKeyRef?: { name?: string } } }[];
  envFrom?: { configMapRef?: { name?: string }; secretRef?: { name?: string } }[];
}
interface Volume {
  secret?: { secretName?: string };
  configMap?: { name?: string };
  projected?: { sources?: { secret?: { name?: string }; configMap?: { name?: string } }[] };
}
export interface PodSpecRefs {
  nodeName?: string;
  serviceAccountName?: string;
  imagePullSecrets?: { name?: string }[];
  volumes?: Volume[];
  containers?: Container[];
  initContainers?: Container[];
  ephemeralContainers?: Container[];
}

export function referencedNames(spec: PodSpecRefs, kind: ReferencedKind): Set<string> {
  const names = new Set<string>();
  const add = (n: string | undefined) => n && names.add(n);
  if (kind === 'serviceaccounts') {
    add(spec.serviceAccountName || 'default');
    return names;
  }
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
  if (kind === 'secrets') {
    for (const s of spec.imagePullSecrets ?? []) add(s.name);
    for (const v of spec.volumes ?? []) {
      add(v.secret?.secretName);
      for (const src of v.projected?.sources ?? []) add(src.secret?.name);
    }
    for (const c of containers) {
      for (const e of c.env ?? []) add(e.valueFrom?.secretKeyRef?.name);
      for (const e of c.envFrom ?? []) add(e.secretRef?.name);
    }
  } else {
    for (const v of spec.volumes ?? []) {
      add(v.configMap?.name);
      for (const src of v.projected?.sources ?? []) add(src.configMap?.name);
    }
    for (const c of containers) {
      for (const e of c.env ?? []) add(e.valueFrom?.configMapKeyRef?.name);
      for (const e of c.envFrom ?? []) add(e.configMapRef?.name);
    }
  }
  return names;
}
