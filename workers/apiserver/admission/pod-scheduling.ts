/** DefaultTolerationSeconds and Priority admission for pods (errors-validation-defaults.md §4.2). */
import { forbidden } from '../../../lib/errors.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { addDefaultTolerations } from '../registry/kinds/pod/admission.ts';
import type { AdmissionPlugin } from './index.ts';

const isPod = (group: string, resource: string) => group === '' && resource === 'pods';

export const defaultTolerationSeconds: AdmissionPlugin = (_ctx, desc, obj) => {
  if (isPod(desc.group, desc.resource)) addDefaultTolerations(obj as Pod);
};

/** The two built-in PriorityClasses; user-defined classes come with the scheduling API later. */
const BUILTIN_CLASSES: Record<string, number> = { 'system-cluster-critical': 2000000000, 'system-node-critical': 2000001000 };

export const priority: AdmissionPlugin = (_ctx, desc, obj) => {
  if (!isPod(desc.group, desc.resource)) return;
  const spec = (obj.spec ??= {}) as { priorityClassName?: string; priority?: number; preemptionPolicy?: string };
  if (!spec.priorityClassName) {
    spec.priority = 0;
  } else {
    const value = BUILTIN_CLASSES[spec.priorityClassName];
    if (value === undefined)
      throw forbidden({ group: '', resource: 'pods' }, obj.metadata.name || obj.metadata.generateName || 'Unknown', `no PriorityClass with name ${spec.priorityClassName} was found`);
    spec.priority = value;
  }
  spec.preemptionPolicy ??= 'PreemptLowerPriority';
};
