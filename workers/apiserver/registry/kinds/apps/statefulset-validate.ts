/**
 * ValidateStatefulSetSpec and ValidateStatefulSetUpdate, in Kubernetes' order and words. As in
 * Kubernetes, the pod template's spec is not validated as a pod's (its volumeMounts may name
 * volumeClaimTemplates): only its labels, annotations, restartPolicy and activeDeadlineSeconds.
 */
import type { StatefulSet, StatefulSetSpec } from '../../../../../lib/api/apps/statefulset.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { validateAnnotations, validateLabelSelector, validateLabels } from '../../validation.ts';
import { nonNegative } from '../pod/messages.ts';
import { goLabelSelector, templateMatchesSelector } from './selector.ts';
import { fromLabelSelector, type Selector } from '../../../../../lib/selectors/label.ts';
import { canonicalJson } from '../../../../../lib/json/canonical.ts';

const RETENTION = ['Retain', 'Delete'];

function validateUpdateStrategy(s: StatefulSetSpec['updateStrategy']): FieldError[] {
  const at = 'spec.updateStrategy';
  switch (s?.type ?? '') {
    case '':
      return [fieldErr.required(at)];
    case 'OnDelete':
      return s?.rollingUpdate ? [{ type: 'FieldValueInvalid', field: `${at}.rollingUpdate`, body: "Invalid value: \"\": only allowed for updateStrategy 'RollingUpdate'" }] : [];
    case 'RollingUpdate':
      return nonNegative(s?.rollingUpdate?.partition ?? 0, `${at}.rollingUpdate.partition`);
    default:
      return [fieldErr.invalid(at, s?.type, "must be 'RollingUpdate' or 'OnDelete'")];
  }
}

function validateRetention(p: StatefulSetSpec['persistentVolumeClaimRetentionPolicy']): FieldError[] {
  const at = 'spec.persistentVolumeClaimRetentionPolicy';
  const errs: FieldError[] = [];
  if (!p) return errs;
  for (const k of ['whenDeleted', 'whenScaled'] as const) {
    const v = p[k] ?? '';
    if (!RETENTION.includes(v)) errs.push(fieldErr.notSupported(`${at}.${k}`, v, RETENTION));
  }
  return errs;
}

export function validateStatefulSetSpec(spec: StatefulSetSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const policy = s.podManagementPolicy ?? '';
  if (policy === '') errs.push(fieldErr.required('spec.podManagementPolicy'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errs.push(fieldErr.invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  errs.push(...validateUpdateStrategy(s.updateStrategy), ...validateRetention(s.persistentVolumeClaimRetentionPolicy));
  if (s.revisionHistoryLimit != null) errs.push(...nonNegative(s.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  errs.push(...nonNegative(s.replicas ?? 0, 'spec.replicas'));
  if (s.ordinals) errs.push(...nonNegative(s.ordinals.start ?? 0, 'spec.ordinals.start'));
  errs.push(...nonNegative(s.minReadySeconds ?? 0, 'spec.minReadySeconds'));

  const sel = s.selector;
  if (!sel) errs.push(fieldErr.required('spec.selector'));
  else {
    errs.push(...validateLabelSelector(sel, 'spec.selector'));
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions?.length ?? 0) === 0)
      errs.push({ type: 'FieldValueInvalid', field: 'spec.selector', body: `Invalid value: ${goLabelSelector(sel)}: empty selector is invalid for statefulset` });
  }
  let selector: Selector | undefined;
  try {
    selector = fromLabelSelector(sel);
  } catch {
    errs.push({ type: 'FieldValueInvalid', field: 'spec.selector', body: `Invalid value: ${sel ? goLabelSelector(sel) : 'null'}: ` });
  }
  if (selector !== undefined) {
    const t = s.template;
    errs.push(...templateMatchesSelector(t, selector, 'spec.template'));
    errs.push(...validateLabels(t?.metadata?.labels, 'spec.template.labels'), ...validateAnnotations(t?.metadata?.annotations, 'spec.template.annotations'));
  }
  const restart = s.template?.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', restart, ['Always']));
  if (s.template?.spec?.activeDeadlineSeconds != null) errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  return errs;
}

/** Only these spec fields may change (the selector included: it gets the same message). */
const MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

export function validateStatefulSetUpdate(sts: StatefulSet, old: StatefulSet): FieldError[] {
  const frozen = (x: StatefulSet) => {
    const spec: Record<string, unknown> = { ...(x.spec ?? {}) };
    for (const k of MUTABLE) delete spec[k];
    return canonicalJson(spec);
  };
  const errs: FieldError[] = [];
  if (frozen(sts) !== frozen(old))
    errs.push(
      fieldErr.forbidden(
        'spec',
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  return errs;
}
