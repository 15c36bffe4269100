/**
 * Validation of ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding, as Kubernetes'
 * pkg/apis/admissionregistration/validation does it: required fields, supported values, and
 * every expression compiled (errors carry the expression's field path).
 */
import type { MatchResources, NamedRuleWithOperations, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../../lib/api/admissionregistration/vap.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { compilePolicy, type CompiledExpression } from '../../../admission/vap/compile.ts';

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const REASONS = ['Unauthorized', 'Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const CEL_IDENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

function validateRules(rules: NamedRuleWithOperations[] | undefined, path: string, errs: FieldError[]) {
  (rules ?? []).forEach((r, i) => {
    const p = `${path}[${i}]`;
    if (!r.operations?.length) errs.push(fieldErr.required(`${p}.operations`));
    for (const [j, op] of (r.operations ?? []).entries()) if (!OPERATIONS.includes(op)) errs.push(fieldErr.notSupported(`${p}.operations[${j}]`, op, OPERATIONS));
    if (!r.apiGroups?.length) errs.push(fieldErr.required(`${p}.apiGroups`));
    if (!r.apiVersions?.length) errs.push(fieldErr.required(`${p}.apiVersions`));
    if (!r.resources?.length) errs.push(fieldErr.required(`${p}.resources`));
    if (r.scope && !['*', 'Cluster', 'Namespaced'].includes(r.scope)) errs.push(fieldErr.notSupported(`${p}.scope`, r.scope, ['*', 'Cluster', 'Namespaced']));
  });
}

function validateMatchResources(m: MatchResources, path: string, requireRules: boolean, errs: FieldError[]) {
  if (m.matchPolicy && !['Exact', 'Equivalent'].includes(m.matchPolicy)) errs.push(fieldErr.notSupported(`${path}.matchPolicy`, m.matchPolicy, ['Equivalent', 'Exact']));
  if (requireRules && !m.resourceRules?.length) errs.push(fieldErr.required(`${path}.resourceRules`));
  validateRules(m.resourceRules, `${path}.resourceRules`, errs);
  validateRules(m.excludeResourceRules, `${path}.excludeResourceRules`, errs);
}

const compileErr = (path: string, expr: string, c: CompiledExpression, errs: FieldError[]) => {
  if (c.error) errs.push(fieldErr.invalid(path, expr, c.error));
};

export function validatePolicy(p: ValidatingAdmissionPolicy): FieldError[] {
  const errs: FieldError[] = [];
  const spec = p.spec ?? {};
  if (spec.failurePolicy && !['Fail', 'Ignore'].includes(spec.failurePolicy)) errs.push(fieldErr.notSupported('spec.failurePolicy', spec.failurePolicy, ['Fail', 'Ignore']));
  if (spec.paramKind) {
    if (!spec.paramKind.apiVersion) errs.push(fieldErr.required('spec.paramKind.apiVersion'));
    if (!spec.paramKind.kind) errs.push(fieldErr.required('spec.paramKind.kind'));
  }
  if (!spec.matchConstraints) errs.push(fieldErr.required('spec.matchConstraints'));
  else validateMatchResources(spec.matchConstraints, 'spec.matchConstraints', true, errs);
  if (!spec.validations?.length && !spec.auditAnnotations?.length)
    errs.push(fieldErr.required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
  const names = new Set<string>();
  (spec.variables ?? []).forEach((v, i) => {
    if (!v.name) errs.push(fieldErr.required(`spec.variables[${i}].name`));
    else if (!CEL_IDENT.test(v.name)) errs.push(fieldErr.invalid(`spec.variables[${i}].name`, v.name, 'name is not a valid CEL identifier'));
    else if (names.has(v.name)) errs.push(fieldErr.duplicate(`spec.variables[${i}].name`, v.name));
    names.add(v.name);
    if (!v.expression) errs.push(fieldErr.required(`spec.variables[${i}].expression`));
  });
  (spec.validations ?? []).forEach((v, i) => {
    if (!v.expression) errs.push(fieldErr.required(`spec.validations[${i}].expression`, 'expression is not specified'));
    if (v.reason && !REASONS.includes(v.reason)) errs.push(fieldErr.notSupported(`spec.validations[${i}].reason`, v.reason, REASONS));
    if (v.message?.includes('\n')) errs.push(fieldErr.invalid(`spec.validations[${i}].message`, v.message, 'message must not contain line breaks'));
  });
  (spec.matchConditions ?? []).forEach((m, i) => {
    if (!m.name) errs.push(fieldErr.required(`spec.matchConditions[${i}].name`));
    if (!m.expression) errs.push(fieldErr.required(`spec.matchConditions[${i}].expression`));
  });
  (spec.auditAnnotations ?? []).forEach((a, i) => {
    if (!a.key) errs.push(fieldErr.required(`spec.auditAnnotations[${i}].key`));
    if (!a.valueExpression) errs.push(fieldErr.required(`spec.auditAnnotations[${i}].valueExpression`));
  });
  if (errs.length) return errs;

  const c = compilePolicy(p);
  c.variables.forEach((v, i) => compileErr(`spec.variables[${i}].expression`, spec.variables![i].expression, v.compiled, errs));
  c.validations.forEach((v, i) => {
    compileErr(`spec.validations[${i}].expression`, spec.validations![i].expression, v.compiled, errs);
    if (v.message) compileErr(`spec.validations[${i}].messageExpression`, spec.validations![i].messageExpression!, v.message, errs);
  });
  c.matchConditions.forEach((m, i) => compileErr(`spec.matchConditions[${i}].expression`, spec.matchConditions![i].expression, m.compiled, errs));
  c.auditAnnotations.forEach((a, i) => compileErr(`spec.auditAnnotations[${i}].valueExpression`, spec.auditAnnotations![i].valueExpression, a.compiled, errs));
  return errs;
}

const ACTIONS = ['Audit', 'Deny', 'Warn'];

export function validateBinding(b: ValidatingAdmissionPolicyBinding): FieldError[] {
  const errs: FieldError[] = [];
  const spec = b.spec ?? {};
  if (!spec.policyName) errs.push(fieldErr.required('spec.policyName'));
  const actions = spec.validationActions ?? [];
  if (!actions.length) errs.push(fieldErr.required('spec.validationActions', 'at least one validation action is required'));
  actions.forEach((a, i) => {
    if (!ACTIONS.includes(a)) errs.push(fieldErr.notSupported(`spec.validationActions[${i}]`, a, ACTIONS));
    else if (actions.indexOf(a) !== i) errs.push(fieldErr.duplicate(`spec.validationActions[${i}]`, a));
  });
  if (actions.includes('Deny') && actions.includes('Warn'))
    errs.push({
      type: 'FieldValueInvalid',
      field: 'spec.validationActions',
      // Go prints the typed slice with %#v
      body: `Invalid value: []admissionregistration.ValidationAction{${actions.map((x) => JSON.stringify(x)).join(', ')}}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)`,
    });
  const ref = spec.paramRef;
  if (ref) {
    if (ref.name && ref.selector) errs.push(fieldErr.forbidden('spec.paramRef.name', 'name and selector are mutually exclusive'));
    if (!ref.name && !ref.selector) errs.push(fieldErr.required('spec.paramRef', 'one of name or selector must be specified'));
    if (!ref.parameterNotFoundAction) errs.push(fieldErr.required('spec.paramRef.parameterNotFoundAction'));
    else if (!['Allow', 'Deny'].includes(ref.parameterNotFoundAction)) errs.push(fieldErr.notSupported('spec.paramRef.parameterNotFoundAction', ref.parameterNotFoundAction, ['Allow', 'Deny']));
  }
  if (spec.matchResources) validateMatchResources(spec.matchResources, 'spec.matchResources', false, errs);
  return errs;
}
