/**
 * core/v1 pods. The pod-specific pieces live in ./pod/ (defaults, validation, QoS, table); this
 * file puts them together as the kind's descriptor, and re-exports the pure helpers the
 * admission step and the controllers use.
 */
import { podSchema, type Pod } from '../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import type { KindDescriptor } from '../types.ts';
import { applySchedulingGatedCondition, foldAffinityLabelKeys } from './pod/admission.ts';
import { defaultPodSpec, syncServiceAccount } from './pod/defaults.ts';
import { computeQosClass } from './pod/qos.ts';
import { podCells, podColumns } from './pod/table.ts';
import { validatePodSpec } from './pod/validate-spec.ts';
import { validatePodUpdate } from './pod/validate-update.ts';
import { prepareEphemeralUpdate, validateEphemeralUpdate, validateNoEphemeralOnCreate } from './pod/ephemeral.ts';

export { addDefaultTolerations } from './pod/admission.ts';
export { computeQosClass, type QosClass } from './pod/qos.ts';
export { summarizePod, podRowConditions } from './pod/table.ts';
export { defaultPullPolicy } from './pod/image.ts';

/** Checks only a Pod (not a template) gets: images exactly as the runtime will see them. */
function validatePodOnly(pod: Pod): FieldError[] {
  const errs: FieldError[] = [];
  for (const kind of ['containers', 'initContainers'] as const)
    (pod.spec?.[kind] ?? []).forEach((c, i) => {
      const image = c.image ?? '';
      if (image.trim() !== image) errs.push(fieldErr.invalid(`spec.${kind}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  return errs;
}

const pods: KindDescriptor<Pod> = {
  group: '',
  version: 'v1',
  kind: 'Pod',
  resource: 'pods',
  singular: 'pod',
  namespaced: true,
  shortNames: ['po'],
  categories: ['all'],
  schema: podSchema,
  openapiName: 'io.k8s.api.core.v1.Pod',
  subresources: { status: true, binding: true, log: true, exec: true, attach: true, eviction: true, portforward: true, ephemeralcontainers: true },
  nameRule: 'subdomain',
  deleteReturnsObject: true,

  defaults(pod) {
    defaultPodSpec((pod.spec ??= {}), true);
  },

  prepareForCreate(pod) {
    const spec = (pod.spec ??= {});
    // admission may have named the service account after defaulting
    syncServiceAccount(spec);
    pod.status = { phase: 'Pending', qosClass: computeQosClass(pod) };
    applySchedulingGatedCondition(pod);
    foldAffinityLabelKeys(pod);
  },

  prepareForUpdate(pod, old) {
    if (old.status === undefined) delete pod.status;
    else pod.status = old.status;
  },

  prepareForStatusUpdate(pod, old) {
    pod.spec = old.spec;
    // old kubelets corrupt owner references; the status endpoint may not touch them
    if (old.metadata.ownerReferences === undefined) delete pod.metadata.ownerReferences;
    else pod.metadata.ownerReferences = old.metadata.ownerReferences;
    // the QoS class is fixed at creation; a status write that drops it gets it back
    if (!pod.status?.qosClass && old.status?.qosClass) (pod.status ??= {}).qosClass = old.status.qosClass;
  },

  validate: (pod) => [...validatePodSpec(pod.spec, 'spec'), ...validatePodOnly(pod)],
  validateUpdate: validatePodUpdate,
  validateCreate: validateNoEphemeralOnCreate,
  subresourceUpdates: { ephemeralcontainers: { prepare: prepareEphemeralUpdate, validate: validateEphemeralUpdate } },

  table: { columns: podColumns, cells: podCells },

  fieldSelectors: {
    'spec.nodeName': (p) => p.spec?.nodeName ?? '',
    'spec.restartPolicy': (p) => p.spec?.restartPolicy ?? '',
    'spec.schedulerName': (p) => p.spec?.schedulerName ?? '',
    'spec.serviceAccountName': (p) => p.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': (p) => String(p.spec?.hostNetwork === true),
    'status.phase': (p) => p.status?.phase ?? '',
    'status.podIP': (p) => p.status?.podIPs?.[0]?.ip ?? '',
    'status.nominatedNodeName': (p) => p.status?.nominatedNodeName ?? '',
  },
};

export default pods;
