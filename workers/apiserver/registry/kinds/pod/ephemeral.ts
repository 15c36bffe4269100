/**
 * pods/ephemeralcontainers (`kubectl debug`): a write of the whole Pod of which only
 * spec.ephemeralContainers is taken, and only additions are allowed (Kubernetes'
 * podEphemeralContainersStrategy and ValidatePodEphemeralContainersUpdate). A pod is created
 * without any: they come through this subresource only.
 */
import type { EphemeralContainer, Pod } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';

const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

/** dropNonEphemeralContainerUpdates: the old pod, with the new list of ephemeral containers. */
export function prepareEphemeralUpdate(pod: Pod, old: Pod): void {
  const added = pod.spec?.ephemeralContainers;
  pod.spec = structuredClone(old.spec ?? {});
  if (added?.length) pod.spec.ephemeralContainers = added;
  else delete pod.spec.ephemeralContainers;
  if (old.status === undefined) delete pod.status;
  else pod.status = structuredClone(old.status);
  // ResetObjectMetaForStatus: what the main resource owns stays as it was
  const m = pod.metadata;
  const o = old.metadata;
  for (const k of ['labels', 'annotations', 'finalizers', 'ownerReferences', 'deletionTimestamp', 'generation'] as const) {
    if (o[k] === undefined) delete m[k];
    else (m as Record<string, unknown>)[k] = structuredClone(o[k]);
  }
}

const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** A short stand-in for the cmp.Diff Kubernetes appends: one -/+ pair per changed field. */
function diff(old: EphemeralContainer, next: EphemeralContainer): string {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  const lines = ['  core.EphemeralContainer{'];
  for (const k of keys) {
    const a = (old as Record<string, unknown>)[k];
    const b = (next as Record<string, unknown>)[k];
    if (canonical(a) !== canonical(b)) lines.push(`- \t${k}: ${JSON.stringify(a ?? null)},`, `+ \t${k}: ${JSON.stringify(b ?? null)},`);
  }
  lines.push('  }', '');
  return lines.join('\n');
}

export function validateEphemeralUpdate(pod: Pod, old: Pod): FieldError[] {
  if (old.metadata.annotations?.[MIRROR_ANNOTATION] !== undefined) return [fieldErr.forbidden('', 'static pods do not support ephemeral containers')];
  const errs: FieldError[] = [];
  const next = new Map((pod.spec?.ephemeralContainers ?? []).map((c) => [c.name ?? '', c]));
  for (const was of old.spec?.ephemeralContainers ?? []) {
    const now = next.get(was.name ?? '');
    if (!now) errs.push(fieldErr.forbidden('spec.ephemeralContainers', `existing ephemeral containers ${JSON.stringify(was.name)} may not be removed\n`));
    else if (canonical(now) !== canonical(was))
      errs.push(fieldErr.forbidden(`spec.ephemeralContainers[${was.name}]`, `existing ephemeral containers ${JSON.stringify(was.name)} may not be changed\n${diff(was, now)}`));
  }
  return errs;
}

/** ValidatePodCreate: ephemeral containers are added to a running pod, never created with it. */
export function validateNoEphemeralOnCreate(pod: Pod): FieldError[] {
  return pod.spec?.ephemeralContainers?.length ? [fieldErr.forbidden('spec.ephemeralContainers', 'cannot be set on create')] : [];
}
