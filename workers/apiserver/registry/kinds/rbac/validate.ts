/**
 * Validation shared by the four RBAC kinds, as Kubernetes' pkg/apis/rbac/validation: policy rules,
 * aggregation rules, role references and subjects, with Kubernetes' field paths and messages.
 */
import { RBAC_GROUP, type ClusterRole, type PolicyRule, type RoleBinding, type RoleRef, type Subject } from '../../../../../lib/api/rbac.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { selectorString } from '../../printing.ts';
import { dns1123Subdomain, pathSegmentName, validateLabelSelector } from '../../validation.ts';

const nonEmpty = (l: string[] | null | undefined) => (l?.length ?? 0) > 0;

/** ValidatePolicyRule: non-resource URLs only in ClusterRoles, never mixed with resources. */
export function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!nonEmpty(rule.verbs)) errs.push(fieldErr.required(`${path}.verbs`, 'verbs must contain at least one value'));
  if (nonEmpty(rule.nonResourceURLs)) {
    if (namespaced) errs.push(fieldErr.invalid(`${path}.nonResourceURLs`, rule.nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (nonEmpty(rule.apiGroups) || nonEmpty(rule.resources) || nonEmpty(rule.resourceNames))
      errs.push(fieldErr.invalid(`${path}.nonResourceURLs`, rule.nonResourceURLs, 'rules cannot apply to both regular resources and non-resource URLs'));
    return errs;
  }
  if (!nonEmpty(rule.apiGroups)) errs.push(fieldErr.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!nonEmpty(rule.resources)) errs.push(fieldErr.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  return errs;
}

export const validateRules = (rules: PolicyRule[] | null | undefined, namespaced: boolean): FieldError[] =>
  (rules ?? []).flatMap((r, i) => validatePolicyRule(r ?? ({} as PolicyRule), namespaced, `rules[${i}]`));

export function validateAggregationRule(agg: ClusterRole['aggregationRule'] | null | undefined): FieldError[] {
  if (agg == null) return [];
  const errs: FieldError[] = [];
  const selectors = agg.clusterRoleSelectors ?? [];
  if (selectors.length === 0) errs.push(fieldErr.required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((sel, i) => {
    const path = `aggregationRule.clusterRoleSelectors[${i}]`;
    errs.push(...validateLabelSelector(sel, path));
    // LabelSelectorAsSelector failing leaves a nil selector, which Go prints as "null"
    if (selectorString(sel) === undefined) errs.push(fieldErr.invalid(path, 'null', 'invalid label selector.'));
  });
  return errs;
}

/** roleRef: the RBAC group, a kind this binding may reference, a path-segment name. */
export function validateRoleRef(ref: Partial<RoleRef> | null | undefined, kinds: string[]): FieldError[] {
  const errs: FieldError[] = [];
  const r = ref ?? {};
  if (r.apiGroup !== RBAC_GROUP) errs.push(fieldErr.notSupported('roleRef.apiGroup', r.apiGroup ?? '', [RBAC_GROUP]));
  if (!kinds.includes(r.kind ?? '')) errs.push(fieldErr.notSupported('roleRef.kind', r.kind ?? '', kinds));
  if (!r.name) errs.push(fieldErr.required('roleRef.name'));
  else for (const m of pathSegmentName(r.name)) errs.push(fieldErr.invalid('roleRef.name', r.name, m));
  return errs;
}

/** ValidateRoleBindingSubject: a ClusterRoleBinding's service accounts must name their namespace. */
export function validateSubject(s: Partial<Subject>, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = s.name ?? '';
  const apiGroup = s.apiGroup ?? '';
  if (!name) errs.push(fieldErr.required(`${path}.name`));
  switch (s.kind) {
    case 'ServiceAccount':
      if (name) for (const m of dns1123Subdomain(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
      if (apiGroup) errs.push(fieldErr.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !s.namespace) errs.push(fieldErr.required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErr.notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    default:
      errs.push(fieldErr.notSupported(`${path}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

export function validateBinding(b: RoleBinding, namespaced: boolean): FieldError[] {
  return [
    ...validateRoleRef(b.roleRef, namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole']),
    ...(b.subjects ?? []).flatMap((s, i) => validateSubject(s ?? {}, namespaced, `subjects[${i}]`)),
  ];
}

/** Go prints the internal rbac.RoleRef struct with %#v. */
const goRoleRef = (r: Partial<RoleRef> | null | undefined) =>
  `rbac.RoleRef{APIGroup:${JSON.stringify(r?.apiGroup ?? '')}, Kind:${JSON.stringify(r?.kind ?? '')}, Name:${JSON.stringify(r?.name ?? '')}}`;

/** A binding's roleRef never changes: rebinding means a new binding. */
export function validateRoleRefUnchanged(b: RoleBinding, old: RoleBinding): FieldError[] {
  const same = (x: Partial<RoleRef> | null | undefined, y: Partial<RoleRef> | null | undefined) =>
    (x?.apiGroup ?? '') === (y?.apiGroup ?? '') && (x?.kind ?? '') === (y?.kind ?? '') && (x?.name ?? '') === (y?.name ?? '');
  if (same(b.roleRef, old.roleRef)) return [];
  return [{ type: 'FieldValueInvalid', field: 'roleRef', body: `Invalid value: ${goRoleRef(b.roleRef)}: cannot change roleRef` }];
}
