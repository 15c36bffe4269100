/** ValidateDaemonSetSpec and its update strategy rules, in Kubernetes' order and words. */
import type { DaemonSetSpec } from '../../../../../lib/api/apps/daemonset.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { fromLabelSelector, matches } from '../../../../../lib/selectors/label.ts';
import { validateLabelSelector } from '../../validation.ts';
import { nonNegative } from '../pod/messages.ts';
import { validatePodTemplate } from '../pod/validate-spec.ts';
import { goLabelSelector } from './selector.ts';
import { goIntOrString, percentValue, positiveIntOrPercent } from './strategy.ts';

type IntOrPercent = number | string | undefined;

const notOver100 = (v: IntOrPercent, path: string): FieldError[] =>
  typeof v === 'string' && percentValue(v) > 100 ? [{ type: 'FieldValueInvalid', field: path, body: `Invalid value: ${goIntOrString(v)}: must not be greater than 100%` }] : [];

function validateUpdateStrategy(s: DaemonSetSpec['updateStrategy']): FieldError[] {
  const at = 'spec.updateStrategy';
  switch (s?.type ?? '') {
    case 'OnDelete':
      return [];
    case 'RollingUpdate': {
      const ru = s?.rollingUpdate;
      if (!ru) return [fieldErr.required(`${at}.rollingUpdate`)];
      const rp = `${at}.rollingUpdate`;
      const mu = ru.maxUnavailable ?? undefined;
      const ms = ru.maxSurge ?? undefined;
      const errs = [...positiveIntOrPercent(mu, `${rp}.maxUnavailable`), ...positiveIntOrPercent(ms, `${rp}.maxSurge`), ...notOver100(mu, `${rp}.maxUnavailable`), ...notOver100(ms, `${rp}.maxSurge`)];
      const hasUnavailable = percentValue(mu) !== 0;
      const hasSurge = percentValue(ms) !== 0;
      if (hasUnavailable && hasSurge) errs.push({ type: 'FieldValueInvalid', field: `${rp}.maxSurge`, body: `Invalid value: ${goIntOrString(ms)}: may not be set when maxUnavailable is non-zero` });
      if (!hasUnavailable && !hasSurge) errs.push(fieldErr.required(`${rp}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
      return errs;
    }
    default: {
      const ru = s?.rollingUpdate ? '(*apps.RollingUpdateDaemonSet)(0xc000000000)' : '(*apps.RollingUpdateDaemonSet)(nil)';
      return [{ type: 'FieldValueNotSupported', field: at, body: `Unsupported value: apps.DaemonSetUpdateStrategy{Type:${JSON.stringify(s?.type ?? '')}, RollingUpdate:${ru}}: supported values: "RollingUpdate", "OnDelete"` }];
    }
  }
}

export function validateDaemonSetSpec(spec: DaemonSetSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const sel = s.selector;
  const errs = validateLabelSelector(sel, 'spec.selector');
  // a missing selector selects nothing, so no template matches it (as LabelSelectorAsSelector(nil))
  let selects: boolean | undefined;
  try {
    selects = sel ? matches(fromLabelSelector(sel), s.template?.metadata?.labels) : false;
  } catch {
    selects = undefined;
  }
  if (selects === false)
    errs.push(fieldErr.invalid('spec.template.metadata.labels', s.template?.metadata?.labels ?? {}, '`selector` does not match template `labels`'));
  if (sel && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions?.length ?? 0) === 0)
    errs.push({ type: 'FieldValueInvalid', field: 'spec.selector', body: `Invalid value: ${goLabelSelector(sel)}: empty selector is invalid for daemonset` });
  errs.push(...validatePodTemplate(s.template, 'spec.template'));
  const restart = s.template?.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', restart, ['Always']));
  const ads = s.template?.spec?.activeDeadlineSeconds;
  if (ads != null) errs.push(fieldErr.invalid('spec.template.spec.activeDeadlineSeconds', ads, 'activeDeadlineSeconds must be nil for daemon set'));
  errs.push(...nonNegative(s.minReadySeconds ?? 0, 'spec.minReadySeconds'));
  errs.push(...validateUpdateStrategy(s.updateStrategy));
  if (s.revisionHistoryLimit != null) errs.push(...nonNegative(s.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  return errs;
}
