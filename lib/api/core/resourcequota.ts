/** core/v1 ResourceQuota. */
import * as v from 'valibot';
import { list, message, obj, quantityMap, str, strList } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const scopedResourceSelectorRequirement = message({
  scopeName: str(1, { keep: true, doc: 'The name of the scope that the selector applies to.' }),
  operator: str(2, { keep: true, doc: "Represents a scope's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist." }),
  values: strList(3, { listType: 'atomic', doc: 'An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty.' }),
});

export const resourceQuota = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      hard: quantityMap(1, { doc: 'hard is the set of desired hard limits for each named resource.' }),
      scopes: strList(2, { listType: 'atomic', doc: 'A collection of filters that must match each object tracked by a quota. If not specified, the quota matches all objects.' }),
      scopeSelector: obj(
        3,
        message({ matchExpressions: list(1, scopedResourceSelectorRequirement, { listType: 'atomic', doc: 'A list of scope selector requirements by scope of the resources.' }) }, { structType: 'atomic' }),
        { doc: 'scopeSelector is also a collection of filters like scopes that must match each object tracked by a quota but expressed using ScopeSelectorOperator in combination with possible values.' },
      ),
    },
    { doc: 'Spec defines the desired quota.' },
  ),
  status: obj(
    3,
    {
      hard: quantityMap(1, { doc: 'Hard is the set of enforced hard limits for each named resource.' }),
      used: quantityMap(2, { doc: 'Used is the current observed total usage of the resource in the namespace.' }),
    },
    { doc: 'Status defines the actual enforced quota and its current usage.' },
  ),
});

export type ResourceList = Record<string, string | number>;

export interface ScopedResourceSelectorRequirement {
  scopeName?: string;
  operator?: string;
  values?: string[] | null;
}

export interface ResourceQuota extends KubeObject {
  spec?: { hard?: ResourceList | null; scopes?: string[] | null; scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] | null } | null } | null;
  status?: { hard?: ResourceList | null; used?: ResourceList | null } | null;
}
