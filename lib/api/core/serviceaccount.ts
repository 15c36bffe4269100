/** core/v1 ServiceAccount. */
import * as v from 'valibot';
import { bool, list } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { localObjectReference, objectReference, type LocalObjectReference, type ObjectReference } from './refs.ts';

export const serviceAccount = v.object({
  ...objectEntries,
  secrets: list(2, objectReference, {
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
    doc: 'Secrets in the same namespace that pods running with this ServiceAccount may use (deprecated for tokens).',
  }),
  imagePullSecrets: list(3, localObjectReference, { listType: 'atomic', doc: 'Secrets used to pull images of pods referencing this ServiceAccount.' }),
  automountServiceAccountToken: bool(4, { ptr: true, doc: 'Whether pods running as this service account should have an API token automatically mounted.' }),
});

export interface ServiceAccount extends KubeObject {
  secrets?: ObjectReference[];
  imagePullSecrets?: LocalObjectReference[];
  automountServiceAccountToken?: boolean;
}
