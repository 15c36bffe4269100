/** policy/v1 Eviction: the body of pods/eviction (kubectl drain). */
import * as v from 'valibot';
import { obj } from '../schema/fields.ts';
import { deleteOptions, objectEntries, type DeleteOptions, type KubeObject } from './meta.ts';

export const evictionSchema = v.object({
  ...objectEntries,
  deleteOptions: obj(2, deleteOptions, { ptr: true, doc: 'DeleteOptions may be provided.' }),
});

export interface Eviction extends KubeObject {
  deleteOptions?: DeleteOptions;
}
