/**
 * Defaults and validation of Mutating/ValidatingWebhookConfiguration, with Kubernetes' rules and
 * messages (pkg/apis/admissionregistration/v1/defaults.go, validation/validation.go,
 * apiserver/pkg/util/webhook/validation.go).
 */
import type { Webhook, WebhookConfiguration } from '../../../../../lib/api/admissionregistration/webhooks.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1035Label, dns1123Subdomain, qualifiedName } from '../../../../../lib/validation/names.ts';
import { validateLabelSelector } from '../../validation.ts';
import { REVIEW_VERSIONS, validateClientConfig, validateReviewVersions } from '../../validation-webhook-client.ts';
import { compileWebhookConditions } from '../../../admission/matchconditions.ts';

export function defaultWebhooks(cfg: WebhookConfiguration, mutating: boolean): void {
  for (const w of cfg.webhooks ?? []) {
    w.failurePolicy ??= 'Fail';
    w.matchPolicy ??= 'Equivalent';
    w.namespaceSelector ??= {};
    w.objectSelector ??= {};
    w.timeoutSeconds ??= 10;
    if (mutating) w.reinvocationPolicy ??= 'Never';
    for (const r of w.rules ?? []) r.scope ??= '*';
    if (w.clientConfig?.service) w.clientConfig.service.port ??= 443;
  }
}

const SCOPES = ['*', 'Cluster', 'Namespaced'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION = ['IfNeeded', 'Never'];
const MAX_MATCH_CONDITIONS = 64;

/**
 * One rule set for create and update: Kubernetes relaxes a few rules on update for objects stored
 * before they existed (sideEffects Some/Unknown, v1beta1-only review versions), which cannot
 * happen here.
 */
export function validateWebhookConfiguration(cfg: WebhookConfiguration, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (cfg.webhooks ?? []).forEach((w, i) => {
    const at = `webhooks[${i}]`;
    errs.push(...validateWebhook(w, at, mutating));
    errs.push(...validateReviewVersions(w.admissionReviewVersions ?? [], `${at}.admissionReviewVersions`, `must specify one of ${REVIEW_VERSIONS.join(', ')}`));
    if (w.name) {
      if (names.has(w.name)) errs.push(fieldErr.duplicate(`${at}.name`, w.name));
      names.add(w.name);
    }
  });
  return errs;
}

function validateWebhook(w: Webhook, at: string, mutating: boolean): FieldError[] {
  const errs = fullyQualifiedName(`${at}.name`, w.name ?? '');
  (w.rules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${at}.rules[${i}]`)));
  if (w.failurePolicy != null && !FAILURE_POLICIES.includes(w.failurePolicy)) errs.push(fieldErr.notSupported(`${at}.failurePolicy`, w.failurePolicy, FAILURE_POLICIES));
  if (w.matchPolicy != null && !MATCH_POLICIES.includes(w.matchPolicy)) errs.push(fieldErr.notSupported(`${at}.matchPolicy`, w.matchPolicy, MATCH_POLICIES));
  const allowed = NO_SIDE_EFFECTS;
  if (w.sideEffects == null) errs.push(fieldErr.required(`${at}.sideEffects`, `must specify one of ${allowed.join(', ')}`));
  else if (!allowed.includes(w.sideEffects)) errs.push(fieldErr.notSupported(`${at}.sideEffects`, w.sideEffects, allowed));
  if (w.timeoutSeconds != null && (w.timeoutSeconds > 30 || w.timeoutSeconds < 1))
    errs.push(fieldErr.invalid(`${at}.timeoutSeconds`, w.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  errs.push(...validateLabelSelector(w.namespaceSelector, `${at}.namespaceSelector`));
  errs.push(...validateLabelSelector(w.objectSelector, `${at}.objectSelector`));
  if (mutating && w.reinvocationPolicy != null && !REINVOCATION.includes(w.reinvocationPolicy))
    errs.push(fieldErr.notSupported(`${at}.reinvocationPolicy`, w.reinvocationPolicy, REINVOCATION));
  errs.push(...validateClientConfig(w.clientConfig ?? {}, `${at}.clientConfig`));
  errs.push(...validateMatchConditions(w, `${at}.matchConditions`));
  return errs;
}

/** IsFullyQualifiedName: a DNS subdomain of at least three segments. */
function fullyQualifiedName(path: string, name: string): FieldError[] {
  if (!name) return [fieldErr.required(path)];
  const bad = dns1123Subdomain(name);
  if (bad.length) return [fieldErr.invalid(path, name, bad.join(','))];
  if (name.split('.').length < 3) return [fieldErr.invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

function validateRule(r: NonNullable<Webhook['rules']>[number], at: string): FieldError[] {
  const errs: FieldError[] = [];
  const ops = r.operations ?? [];
  if (ops.length === 0) errs.push(fieldErr.required(`${at}.operations`));
  if (ops.length > 1 && ops.includes('*')) errs.push(fieldErr.invalid(`${at}.operations`, ops, "if '*' is present, must not specify other operations"));
  ops.forEach((o, i) => {
    if (!OPERATIONS.includes(o)) errs.push(fieldErr.notSupported(`${at}.operations[${i}]`, o, OPERATIONS));
  });
  const groups = r.apiGroups ?? [];
  if (groups.length === 0) errs.push(fieldErr.required(`${at}.apiGroups`));
  if (groups.length > 1 && groups.includes('*')) errs.push(fieldErr.invalid(`${at}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  const versions = r.apiVersions ?? [];
  if (versions.length === 0) errs.push(fieldErr.required(`${at}.apiVersions`));
  if (versions.length > 1 && versions.includes('*')) errs.push(fieldErr.invalid(`${at}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldErr.required(`${at}.apiVersions[${i}]`));
  });
  errs.push(...validateResources(r.resources ?? [], `${at}.resources`));
  if (r.scope != null && !SCOPES.includes(r.scope)) errs.push(fieldErr.notSupported(`${at}.scope`, r.scope, SCOPES));
  return errs;
}

function validateResources(resources: string[], at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(fieldErr.required(at));
  const wildSub = new Set<string>(); // x/*
  const wildRes = new Set<string>(); // */x
  let doubleWild = false;
  let singleWild = false;
  let plain = false;
  resources.forEach((rs, i) => {
    if (rs === '') return errs.push(fieldErr.required(`${at}[${i}]`));
    if (rs === '*/*') doubleWild = true;
    if (rs === '*') singleWild = true;
    const slash = rs.indexOf('/');
    if (slash < 0) {
      plain = rs !== '*';
      return;
    }
    const res = rs.slice(0, slash);
    const sub = rs.slice(slash + 1);
    if (wildSub.has(res)) errs.push(fieldErr.invalid(`${at}[${i}]`, rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (wildRes.has(sub)) errs.push(fieldErr.invalid(`${at}[${i}]`, rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === '*') wildSub.add(res);
    if (res === '*') wildRes.add(sub);
  });
  if (resources.length > 1 && doubleWild) errs.push(fieldErr.invalid(at, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWild && plain) errs.push(fieldErr.invalid(at, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/**
 * matchConditions (validation.go validateMatchConditions): at most 64, each expression compiled
 * as the webhook will run it (trimmed; its compilation error at `…expression`), each name a
 * qualified name used once.
 */
function validateMatchConditions(w: Webhook, at: string): FieldError[] {
  const conds = w.matchConditions ?? [];
  const errs: FieldError[] = [];
  if (conds.length > MAX_MATCH_CONDITIONS) errs.push(fieldErr.tooMany(at, conds.length, MAX_MATCH_CONDITIONS));
  const names = new Set<string>();
  conds.forEach((c, i) => {
    const expression = (c.expression ?? '').trim();
    if (!expression) errs.push(fieldErr.required(`${at}[${i}].expression`));
    else {
      const [compiled] = compileWebhookConditions([{ name: c.name, expression }]);
      if (compiled.compiled.error) errs.push(fieldErr.invalid(`${at}[${i}].expression`, expression, compiled.compiled.error));
    }
    const name = c.name ?? '';
    if (!name) errs.push(fieldErr.required(`${at}[${i}].name`));
    else for (const m of qualifiedName(name)) errs.push(fieldErr.invalid(`${at}[${i}].name`, name, m));
    if (name && names.has(name)) errs.push(fieldErr.duplicate(`${at}[${i}].name`, name));
    names.add(name);
  });
  return errs;
}
