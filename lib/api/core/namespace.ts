/** core/v1 Namespace. */
import * as v from 'valibot';
import { list, message, obj, str, strList, time } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const namespaceCondition = message({
  type: str(1, { keep: true, doc: 'Type of namespace controller condition.' }),
  status: str(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
  lastTransitionTime: time(4, { doc: 'Last time the condition transitioned from one status to another.' }),
  reason: str(5, { doc: 'Unique, one-word, CamelCase reason for the condition.' }),
  message: str(6, { doc: 'Human-readable message indicating details about the last transition.' }),
});

export const namespace = v.object({
  ...objectEntries,
  spec: obj(2, { finalizers: strList(1, { listType: 'atomic', doc: 'An opaque list of values that must be empty to permanently remove the object from storage.' }) }, {
    doc: 'Spec defines the behavior of the Namespace.',
  }),
  status: obj(
    3,
    {
      phase: str(1, { doc: 'Phase is the current lifecycle phase of the namespace: Active or Terminating.' }),
      conditions: list(2, namespaceCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'The latest available observations of the namespace state.' }),
    },
    { doc: 'Status describes the current status of a Namespace.' },
  ),
});

export interface NamespaceCondition {
  type: string;
  status: string;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

export interface Namespace extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating' | ''; conditions?: NamespaceCondition[] };
}
