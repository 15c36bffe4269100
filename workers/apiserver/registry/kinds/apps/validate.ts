/** ValidateDeploymentSpec and ValidateReplicaSetSpec, in Kubernetes' order. */
import type { DeploymentSpec } from '../../../../../lib/api/apps/deployment.ts';
import type { ReplicaSetSpec } from '../../../../../lib/api/apps/replicaset.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { nonNegative } from '../pod/messages.ts';
import { validateWorkloadSelector } from './selector.ts';
import { validateStrategy } from './strategy.ts';
import { validateTemplateForReplicaSet } from './template.ts';

export function validateDeploymentSpec(spec: DeploymentSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs = nonNegative(s.replicas, 'spec.replicas');
  const sel = validateWorkloadSelector(s.selector, 'spec.selector');
  errs.push(...sel.errs, ...validateTemplateForReplicaSet(s.template, sel.selector, 'spec.template'));
  errs.push(...validateStrategy(s.strategy, 'spec.strategy'));
  errs.push(...nonNegative(s.minReadySeconds, 'spec.minReadySeconds'));
  if (s.revisionHistoryLimit != null) errs.push(...nonNegative(s.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  if (s.progressDeadlineSeconds != null) {
    errs.push(...nonNegative(s.progressDeadlineSeconds, 'spec.progressDeadlineSeconds'));
    if (s.progressDeadlineSeconds <= (s.minReadySeconds ?? 0))
      errs.push(fieldErr.invalid('spec.progressDeadlineSeconds', s.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
  }
  return errs;
}

export function validateReplicaSetSpec(spec: ReplicaSetSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs = [...nonNegative(s.replicas, 'spec.replicas'), ...nonNegative(s.minReadySeconds, 'spec.minReadySeconds')];
  const sel = validateWorkloadSelector(s.selector, 'spec.selector');
  errs.push(...sel.errs, ...validateTemplateForReplicaSet(s.template, sel.selector, 'spec.template'));
  return errs;
}
