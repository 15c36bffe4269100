import type * as v from 'valibot';
import { at, shape } from '../../../../../lib/schema/walk.ts';

/** The description a schema gives a field: Kubernetes uses field docs as Table column descriptions. */
export const fieldDoc = (schema: v.GenericSchema, path: string[]): string => {
  const field = at(schema, path);
  return field ? (shape(field).doc ?? '') : '';
};
