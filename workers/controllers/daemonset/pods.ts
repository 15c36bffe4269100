/**
 * A DaemonSet's pods as Kubernetes makes them (daemon/util): the template with the tolerations
 * every daemon pod gets, the revision labels, and a required node affinity that pins the pod to
 * its node by `metadata.name` (matchFields), which the scheduler honours when it binds it.
 */
import type { DaemonSet } from '../../../lib/api/apps/daemonset.ts';
import type { Pod, PodTemplateSpec, Toleration } from '../../../lib/api/core/pod.ts';
import { REVISION_HASH_LABEL } from '../history/hash.ts';
import { controllerRef } from '../replicaset/ownership.ts';

export const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

const tol = (key: string, effect: string): Toleration => ({ key, operator: 'Exists', effect });

/** AddOrUpdateDaemonPodTolerations: daemon pods survive node problems and run on cordoned nodes. */
export function daemonTolerations(spec: NonNullable<PodTemplateSpec['spec']>): Toleration[] {
  const wanted = [
    tol('node.kubernetes.io/not-ready', 'NoExecute'),
    tol('node.kubernetes.io/unreachable', 'NoExecute'),
    tol('node.kubernetes.io/disk-pressure', 'NoSchedule'),
    tol('node.kubernetes.io/memory-pressure', 'NoSchedule'),
    tol('node.kubernetes.io/pid-pressure', 'NoSchedule'),
    tol('node.kubernetes.io/unschedulable', 'NoSchedule'),
  ];
  if (spec.hostNetwork) wanted.push(tol('node.kubernetes.io/network-unavailable', 'NoSchedule'));
  const out = [...(spec.tolerations ?? [])];
  for (const w of wanted) {
    // a toleration that says the same thing is replaced, else the new one is added at the end
    const i = out.findIndex((t) => t.key === w.key && (t.operator ?? 'Equal') === w.operator && (t.value ?? '') === '' && (t.effect ?? '') === w.effect);
    if (i >= 0) out[i] = w;
    else out.push(w);
  }
  return out;
}

/** The DaemonSet's template generation (its deprecated annotation); undefined when unreadable. */
export function templateGeneration(ds: DaemonSet): string | undefined {
  const g = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  return g && /^\d+$/.test(g) ? g : undefined;
}

/** The node a daemon pod is for: its nodeName, or the name its required affinity pins it to. */
export function targetNode(p: Pod): string | undefined {
  if (p.spec?.nodeName) return p.spec.nodeName;
  for (const term of p.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []) {
    for (const f of term.matchFields ?? []) if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
  }
  return undefined;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: every required term gets its matchFields replaced by the node's name. */
function pinToNode(spec: NonNullable<Pod['spec']>, node: string): void {
  const fields = [{ key: 'metadata.name', operator: 'In', values: [node] }];
  const affinity = (spec.affinity ??= {});
  const nodeAffinity = (affinity.nodeAffinity ??= {});
  const required = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
  const terms = required?.nodeSelectorTerms ?? [];
  nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = {
    nodeSelectorTerms: terms.length ? terms.map((t) => ({ ...t, matchFields: fields })) : [{ matchFields: fields }],
  };
}

/** The pod template the DaemonSet's pods come from (CreatePodTemplate). */
export function daemonPodTemplate(ds: DaemonSet, hash: string): PodTemplateSpec {
  const t = structuredClone(ds.spec?.template ?? {});
  const spec = (t.spec ??= {});
  spec.tolerations = daemonTolerations(spec);
  const labels = (t.metadata ??= {}).labels ?? {};
  const generation = templateGeneration(ds);
  if (generation) labels[TEMPLATE_GENERATION_LABEL] = generation;
  labels[REVISION_HASH_LABEL] = hash;
  t.metadata.labels = labels;
  return t;
}

/** The daemon pod for one node. */
export function newDaemonPod(ds: DaemonSet, hash: string, node: string): Pod {
  const t = daemonPodTemplate(ds, hash);
  const m = t.metadata ?? {};
  const metadata: Pod['metadata'] = { generateName: `${ds.metadata.name}-`, namespace: ds.metadata.namespace, ownerReferences: [controllerRef(ds)], labels: { ...m.labels } };
  if (m.annotations && Object.keys(m.annotations).length) metadata.annotations = { ...m.annotations };
  if (m.finalizers?.length) metadata.finalizers = [...m.finalizers];
  const spec = structuredClone(t.spec ?? {}) as NonNullable<Pod['spec']>;
  pinToNode(spec, node);
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/** IsPodUpdated: the pod's revision hash is the current one, or its template generation is. */
export function isUpdated(p: Pod, hash: string, generation: string | undefined): boolean {
  const labels = p.metadata.labels ?? {};
  return labels[REVISION_HASH_LABEL] === hash || (generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === generation);
}
