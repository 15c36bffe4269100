/** DefaultTolerationSeconds and Priority admission for pods (errors-validation-defaults.md §4.2). */
import { forbidden } from '../../../lib/errors.ts';
import type { AdmissionPlugin } from './index.ts';

interface Toleration {
  key?: string;
  operator?: string;
  effect?: string;
  tolerationSeconds?: number;
  value?: string;
}

const isPod = (group: string, resource: string) => group === '' && resource === 'pods';

const DEFAULT_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

export const defaultTolerationSeconds: AdmissionPlugin = (_ctx, desc, obj) => {
  if (!isPod(desc.group, desc.resource)) return;
  const spec = (obj.spec ??= {}) as { tolerations?: Toleration[] };
  const existing = spec.tolerations ?? [];
  const covered = (key: string) => existing.some((t) => (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute'));
  const added = DEFAULT_TOLERATIONS.filter((t) => !covered(t.key!));
  if (added.length) spec.tolerations = [...existing, ...added.map((t) => ({ ...t }))];
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
