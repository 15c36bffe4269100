/**
 * The selector rules Deployments and ReplicaSets share: required, valid, non-empty, matching the
 * pod template, and immutable in apps/v1, with Kubernetes' messages (Go %#v values included).
 */
import type { PodTemplateSpec } from '../../../../../lib/api/core/pod.ts';
import type { LabelSelector } from '../../../../../lib/api/meta.ts';
import { fieldErr, goValue, type FieldError } from '../../../../../lib/errors.ts';
import { fromLabelSelector, matches, type Selector } from '../../../../../lib/selectors/label.ts';
import { validateLabelSelector } from '../../validation.ts';
import { IMMUTABLE } from '../pod/messages.ts';

const goStrings = (v: string[] | undefined) => (v ? goValue(v) : '[]string(nil)');
const goMap = (m: Record<string, string> | undefined) => (m ? (Object.keys(m).length ? goValue(m) : 'map[string]string{}') : 'map[string]string(nil)');

/** Go's %#v of a metav1.LabelSelector, as selector errors print it. */
export function goLabelSelector(sel: LabelSelector): string {
  const exprs = sel.matchExpressions;
  const goExprs = exprs
    ? `[]v1.LabelSelectorRequirement{${exprs
        .map((e) => `v1.LabelSelectorRequirement{Key:${JSON.stringify(e.key ?? '')}, Operator:${JSON.stringify(e.operator ?? '')}, Values:${goStrings(e.values)}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goMap(sel.matchLabels)}, MatchExpressions:${goExprs}}`;
}

const invalidSelector = (at: string, sel: LabelSelector | null | undefined, detail: string): FieldError => ({
  type: 'FieldValueInvalid',
  field: at,
  body: `Invalid value: ${sel ? goLabelSelector(sel) : 'null'}: ${detail}`,
});

/** metav1.LabelSelectorAsSelector; undefined when the selector cannot be converted. */
function asSelector(sel: LabelSelector | null | undefined): Selector | undefined {
  try {
    return fromLabelSelector(sel);
  } catch {
    return undefined;
  }
}

/**
 * The selector half of ValidateDeploymentSpec / ValidateReplicaSetSpec. Returns the errors and
 * the parsed selector the template must match (undefined when unparsable: the template's match
 * is then not checked, as in Kubernetes).
 */
export function validateWorkloadSelector(sel: LabelSelector | null | undefined, at: string): { errs: FieldError[]; selector: Selector | undefined } {
  const errs: FieldError[] = [];
  if (!sel) errs.push(fieldErr.required(at));
  else {
    errs.push(...validateLabelSelector(sel, at));
    // Kubernetes says "deployment" for ReplicaSets too
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions?.length ?? 0) === 0) errs.push(invalidSelector(at, sel, 'empty selector is invalid for deployment'));
  }
  const selector = asSelector(sel);
  if (selector === undefined) errs.push(invalidSelector(at, sel, 'invalid label selector'));
  return { errs, selector };
}

/** The template must carry the labels the selector selects (an empty selector checks nothing). */
export function templateMatchesSelector(template: PodTemplateSpec | undefined, selector: Selector, at: string): FieldError[] {
  if (selector !== null && selector.length === 0) return [];
  const labels = template?.metadata?.labels;
  if (matches(selector, labels)) return [];
  return [{ type: 'FieldValueInvalid', field: `${at}.metadata.labels`, body: `Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\`` }];
}

/** apps/v1 selectors never change (absent, empty list and empty map count as the same). */
export function selectorImmutable(sel: LabelSelector | undefined, old: LabelSelector | undefined, at: string): FieldError[] {
  const norm = (s: LabelSelector | undefined) =>
    JSON.stringify(s ? [Object.entries(s.matchLabels ?? {}).sort(), (s.matchExpressions ?? []).map((e) => [e.key, e.operator, e.values ?? []])] : null);
  return norm(sel) === norm(old) ? [] : [invalidSelector(at, sel, IMMUTABLE)];
}
