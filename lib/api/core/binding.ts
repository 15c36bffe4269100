/** core/v1 Binding: the body of pods/binding (the scheduler's "bind this pod to that node"). */
import * as v from 'valibot';
import { obj } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { objectReference, type ObjectReference } from './refs.ts';

export const bindingSchema = v.object({
  ...objectEntries,
  target: obj(2, objectReference, { keep: true, doc: 'The target object that you want to bind to the standard object.' }),
});

export interface Binding extends KubeObject {
  target: ObjectReference;
}
