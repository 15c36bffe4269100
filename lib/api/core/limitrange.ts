/** core/v1 LimitRange. */
import * as v from 'valibot';
import { list, message, obj, quantityMap, str } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import type { ResourceList } from './resourcequota.ts';

export const limitRangeItem = message({
  type: str(1, { keep: true, doc: 'Type of resource that this limit applies to.' }),
  max: quantityMap(2, { doc: 'Max usage constraints on this kind by resource name.' }),
  min: quantityMap(3, { doc: 'Min usage constraints on this kind by resource name.' }),
  default: quantityMap(4, { doc: 'Default resource requirement limit value by resource name if resource limit is omitted.' }),
  defaultRequest: quantityMap(5, { doc: 'DefaultRequest is the default resource requirement request value by resource name if resource request is omitted.' }),
  maxLimitRequestRatio: quantityMap(6, {
    doc: 'MaxLimitRequestRatio if specified, the named resource must have a request and limit that are both non-zero where limit divided by request is less than or equal to the enumerated value; this represents the max burst for the named resource.',
  }),
});

export const limitRange = v.object({
  ...objectEntries,
  spec: obj(2, { limits: list(1, limitRangeItem, { listType: 'atomic', keep: true, doc: 'Limits is the list of LimitRangeItem objects that are enforced.' }) }, { doc: 'Spec defines the limits enforced.' }),
});

export interface LimitRangeItem {
  type?: string;
  max?: ResourceList | null;
  min?: ResourceList | null;
  default?: ResourceList | null;
  defaultRequest?: ResourceList | null;
  maxLimitRequestRatio?: ResourceList | null;
}

export interface LimitRange extends KubeObject {
  spec?: { limits?: LimitRangeItem[] | null } | null;
}
