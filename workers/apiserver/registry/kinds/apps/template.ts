/** The pod-template rules and cells Deployments and ReplicaSets share. */
import type { PodTemplateSpec } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import type { Selector } from '../../../../../lib/selectors/label.ts';
import { column } from '../../printing.ts';
import { validatePodTemplate } from '../pod/validate-spec.ts';
import { templateMatchesSelector } from './selector.ts';

/** ValidatePodTemplateSpecForReplicaSet: the selector match, the pod template, restartPolicy Always. */
export function validateTemplateForReplicaSet(template: PodTemplateSpec | undefined, selector: Selector | undefined, at: string): FieldError[] {
  if (selector === undefined) return [];
  const errs = [...templateMatchesSelector(template, selector, at), ...validatePodTemplate(template, at)];
  const restart = template?.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(fieldErr.notSupported(`${at}.spec.restartPolicy`, restart, ['Always']));
  if (template?.spec?.activeDeadlineSeconds != null) errs.push(fieldErr.forbidden(`${at}.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  return errs;
}

/** The Containers and Images columns (priority 1) of the workload tables. */
export const containerColumns = [
  column('Containers', 'string', 'Names of each container in the template.', 1),
  column('Images', 'string', 'Images referenced by each container in the template.', 1),
];

/** The Containers and Images cells: the template's container names and images, joined by `,`. */
export function containerCells(template: PodTemplateSpec | undefined): [string, string] {
  const containers = template?.spec?.containers ?? [];
  return [containers.map((c) => c.name ?? '').join(','), containers.map((c) => c.image ?? '').join(',')];
}
