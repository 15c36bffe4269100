/**
 * ValidatePodUpdate: a pod's spec is immutable except container images, a shorter
 * activeDeadlineSeconds, added tolerations, removed scheduling gates, and a negative grace
 * period raised to 1 (errors-validation-defaults.md §2).
 */
import type { Container, Pod, PodSpec, Toleration } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { jsonEqual } from '../../../rest/meta.ts';
import { inclusiveRange, MAX_INT32 } from './messages.ts';

const UPDATABLE =
  '`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

const canonical = (x: unknown): string => JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** Semantic equality: absent, null, empty list and empty map are the same zero value. */
function zeroless(x: unknown): unknown {
  if (Array.isArray(x)) return x.length ? x.map(zeroless) : undefined;
  if (x && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      const z = zeroless(v);
      if (z !== undefined && z !== null) out[k] = z;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return x ?? undefined;
}
const same = (a: unknown, b: unknown) => canonical(zeroless(a)) === canonical(zeroless(b));

function containerUpdates(next: Container[] | undefined, prev: Container[] | undefined, at: string): { errs: FieldError[]; stop: boolean } {
  if ((next?.length ?? 0) !== (prev?.length ?? 0)) return { errs: [fieldErr.forbidden(at, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  (next ?? []).forEach((c, i) => {
    const image = c.image ?? '';
    if (!image) errs.push(fieldErr.required(`${at}[${i}].image`));
    if (image.trim() !== image) errs.push(fieldErr.invalid(`${at}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

function onlyAddedTolerations(next: Toleration[] | undefined, prev: Toleration[] | undefined): FieldError[] {
  for (const old of prev ?? []) {
    // tolerationSeconds may change; everything else of an existing toleration stays
    const kept = (next ?? []).some((t) => same({ ...old, tolerationSeconds: t.tolerationSeconds }, t));
    if (!kept) return [fieldErr.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

function onlyDeletedGates(next: PodSpec['schedulingGates'], prev: PodSpec['schedulingGates']): FieldError[] {
  const old = new Set((prev ?? []).map((g) => g.name));
  return (next ?? []).flatMap((g, i) =>
    old.has(g.name) ? [] : [fieldErr.forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${g.name ?? ''}'`)],
  );
}

/** A short, readable stand-in for the cmp.Diff Kubernetes appends: one -/+ pair per changed field. */
function specDiff(old: PodSpec, next: PodSpec): string {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  const goName = (k: string) => k[0].toUpperCase() + k.slice(1);
  const lines = ['  core.PodSpec{'];
  for (const k of keys) {
    const a = (old as Record<string, unknown>)[k];
    const b = (next as Record<string, unknown>)[k];
    if (same(a, b)) continue;
    lines.push(`- \t${goName(k)}: ${JSON.stringify(a ?? null)},`, `+ \t${goName(k)}: ${JSON.stringify(b ?? null)},`);
  }
  lines.push('  }', '');
  return lines.join('\n');
}

export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const spec = pod.spec ?? {};
  const prev = old.spec ?? {};
  // an unchanged spec, as every status write's (it is the live one), changes nothing to check
  if (jsonEqual(spec, prev)) return [];
  const errs: FieldError[] = [];
  for (const kind of ['containers', 'initContainers'] as const) {
    const r = containerUpdates(spec[kind], prev[kind], `spec.${kind}`);
    errs.push(...r.errs);
    if (r.stop) return errs;
  }
  const deadline = spec.activeDeadlineSeconds;
  if (deadline != null) {
    if (deadline < 0 || deadline > MAX_INT32) return [...errs, fieldErr.invalid('spec.activeDeadlineSeconds', deadline, inclusiveRange(0, MAX_INT32))];
    if (prev.activeDeadlineSeconds != null && prev.activeDeadlineSeconds < deadline)
      return [...errs, fieldErr.invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value')];
  } else if (prev.activeDeadlineSeconds != null) {
    errs.push(fieldErr.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...onlyAddedTolerations(spec.tolerations, prev.tolerations));
  errs.push(...onlyDeletedGates(spec.schedulingGates, prev.schedulingGates));
  if (same(spec, prev)) return errs;

  // take the updatable fields from the old spec; whatever still differs may not change
  const munged: PodSpec = structuredClone(spec);
  munged.containers = munged.containers?.map((c, i) => ({ ...c, image: prev.containers?.[i]?.image }));
  munged.initContainers = munged.initContainers?.map((c, i) => ({ ...c, image: prev.initContainers?.[i]?.image }));
  munged.activeDeadlineSeconds = prev.activeDeadlineSeconds;
  munged.schedulingGates = prev.schedulingGates;
  munged.tolerations = prev.tolerations;
  if ((prev.terminationGracePeriodSeconds ?? 0) < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = prev.terminationGracePeriodSeconds;
  if (!same(munged, prev)) errs.push(fieldErr.forbidden('spec', `pod updates may not change fields other than ${UPDATABLE}\n${specDiff(prev, munged)}`));
  return errs;
}
