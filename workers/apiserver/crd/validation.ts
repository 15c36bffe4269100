/**
 * Validation of a CustomResourceDefinition (apiextensions' ValidateCustomResourceDefinition, the
 * rules a CRD author meets): the name `<plural>.<group>`, names, scope, versions with exactly one
 * storage version, a structural schema for every version, printer columns, selectable fields and subresources, the
 * conversion strategy and its webhook.
 */
import { fieldErr, type FieldError } from '../../../lib/errors.ts';
import type { CRDConversion, CRDNames, CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import { dns1035Label, dns1123Label, dns1123Subdomain } from '../registry/validation.ts';
import { validateClientConfig, validateReviewVersions } from '../registry/validation-webhook-client.ts';
import { validateStructural } from './schema/structural.ts';
import { parseJsonPath } from './jsonpath.ts';
import { validateSelectableFields } from './selectable-fields.ts';

const COLUMN_TYPES = ['integer', 'number', 'string', 'boolean', 'date'];

function validateNames(n: CRDNames | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const label = (v: string | undefined, field: string, required: boolean) => {
    if (!v) {
      if (required) errs.push(fieldErr.required(`${path}.${field}`, ''));
      return;
    }
    for (const m of dns1123Label(v)) errs.push(fieldErr.invalid(`${path}.${field}`, v, m));
  };
  label(n?.plural, 'plural', true);
  label(n?.singular, 'singular', false);
  if (!n?.kind) errs.push(fieldErr.required(`${path}.kind`, ''));
  else for (const m of dns1035Label(n.kind.toLowerCase())) errs.push(fieldErr.invalid(`${path}.kind`, n.kind, m));
  if (!n?.listKind) errs.push(fieldErr.required(`${path}.listKind`, ''));
  (n?.shortNames ?? []).forEach((s, i) => {
    for (const m of dns1123Label(s)) errs.push(fieldErr.invalid(`${path}.shortNames[${i}]`, s, m));
  });
  (n?.categories ?? []).forEach((s, i) => {
    for (const m of dns1123Label(s)) errs.push(fieldErr.invalid(`${path}.categories[${i}]`, s, m));
  });
  return errs;
}

export function validateCRD(crd: CustomResourceDefinition): FieldError[] {
  const errs: FieldError[] = [];
  const spec = crd.spec ?? {};
  const group = spec.group ?? '';
  const plural = spec.names?.plural ?? '';
  if (crd.metadata.name !== `${plural}.${group}`) errs.push(fieldErr.invalid('metadata.name', crd.metadata.name ?? '', 'must be spec.names.plural+"."+spec.group'));
  if (!group) errs.push(fieldErr.required('spec.group', ''));
  else {
    for (const m of dns1123Subdomain(group)) errs.push(fieldErr.invalid('spec.group', group, m));
    if (group.split('.').length < 2) errs.push(fieldErr.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  if (!spec.scope) errs.push(fieldErr.required('spec.scope', ''));
  else if (spec.scope !== 'Cluster' && spec.scope !== 'Namespaced') errs.push(fieldErr.notSupported('spec.scope', spec.scope, ['Cluster', 'Namespaced']));
  errs.push(...validateNames(spec.names, 'spec.names'));
  errs.push(...validateConversion(spec.conversion ?? {}));
  if (spec.preserveUnknownFields) errs.push(fieldErr.invalid('spec.preserveUnknownFields', true, 'must be false in order to use defaults in the schema'));

  const versions = spec.versions ?? [];
  if (!versions.length) errs.push(fieldErr.required('spec.versions', 'must have exactly one version marked as storage version'));
  else if (versions.filter((v) => v.storage).length !== 1) errs.push(fieldErr.invalid('spec.versions', versions.map((v) => v.name), 'must have exactly one version marked as storage version'));
  if (versions.length && !versions.some((v) => v.served)) errs.push(fieldErr.invalid('spec.versions', versions.map((v) => v.name), 'must have at least one version marked as served'));
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    const p = `spec.versions[${i}]`;
    if (!v.name) errs.push(fieldErr.required(`${p}.name`, ''));
    else {
      for (const m of dns1035Label(v.name)) errs.push(fieldErr.invalid(`${p}.name`, v.name, m));
      if (seen.has(v.name)) errs.push(fieldErr.invalid('spec.versions', v.name, 'must contain unique version names'));
      seen.add(v.name);
    }
    const schema = v.schema?.openAPIV3Schema;
    if (!schema) errs.push(fieldErr.required(`${p}.schema.openAPIV3Schema`, 'schemas are required'));
    else errs.push(...validateStructural(schema, `${p}.schema.openAPIV3Schema`));
    errs.push(...validateSelectableFields(v, `${p}.selectableFields`));
    (v.additionalPrinterColumns ?? []).forEach((c, j) => {
      const cp = `${p}.additionalPrinterColumns[${j}]`;
      if (!c.name) errs.push(fieldErr.required(`${cp}.name`, ''));
      if (!c.type) errs.push(fieldErr.required(`${cp}.type`, ''));
      else if (!COLUMN_TYPES.includes(c.type)) errs.push(fieldErr.notSupported(`${cp}.type`, c.type, COLUMN_TYPES));
      if (!c.jsonPath) errs.push(fieldErr.required(`${cp}.JSONPath`, ''));
      else {
        try {
          parseJsonPath(c.jsonPath);
        } catch (e) {
          errs.push(fieldErr.invalid(`${cp}.JSONPath`, c.jsonPath, `must be a simple json path: ${(e as Error).message}`));
        }
      }
    });
    const scale = v.subresources?.scale;
    if (scale) {
      const sp = `${p}.subresources.scale`;
      for (const f of ['specReplicasPath', 'statusReplicasPath'] as const) {
        const x = scale[f];
        if (!x) errs.push(fieldErr.required(`${sp}.${f}`, ''));
        else if (!/^\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(x)) errs.push(fieldErr.invalid(`${sp}.${f}`, x, 'should be a json path under .spec or .status'));
        else if (f === 'specReplicasPath' && !x.startsWith('.spec.')) errs.push(fieldErr.invalid(`${sp}.${f}`, x, 'should be a json path under .spec'));
        else if (f === 'statusReplicasPath' && !x.startsWith('.status.')) errs.push(fieldErr.invalid(`${sp}.${f}`, x, 'should be a json path under .status'));
      }
      if (scale.labelSelectorPath && !/^\.(spec|status)\./.test(scale.labelSelectorPath))
        errs.push(fieldErr.invalid(`${sp}.labelSelectorPath`, scale.labelSelectorPath, 'should be a json path under either .spec or .status'));
    }
  });
  return errs;
}

export function validateCRDUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  const errs: FieldError[] = [];
  if (old.spec?.scope && crd.spec?.scope !== old.spec.scope) errs.push(fieldErr.invalid('spec.scope', crd.spec?.scope ?? '', 'field is immutable'));
  const stored = old.status?.storedVersions ?? [];
  const names = new Set((crd.spec?.versions ?? []).map((v) => v.name));
  for (const s of stored)
    if (!names.has(s)) errs.push(fieldErr.invalid('status.storedVersions[0]', s, 'must appear in spec.versions'));
  return errs;
}

/** validateCustomResourceConversion; the paths are the internal type's (`webhookClientConfig`), as Kubernetes reports them. */
function validateConversion(conversion: CRDConversion): FieldError[] {
  const at = 'spec.conversion';
  const strategy = conversion.strategy ?? 'None';
  const webhook = conversion.webhook;
  const reviewVersions = webhook?.conversionReviewVersions ?? [];
  if (strategy !== 'Webhook') {
    const errs = strategy === 'None' ? [] : [fieldErr.notSupported(`${at}.strategy`, strategy, ['None', 'Webhook'])];
    if (webhook?.clientConfig) errs.push(fieldErr.forbidden(`${at}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if (reviewVersions.length) errs.push(fieldErr.forbidden(`${at}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
    return errs;
  }
  const errs = webhook?.clientConfig
    ? validateClientConfig(webhook.clientConfig, `${at}.webhookClientConfig`)
    : [fieldErr.required(`${at}.webhookClientConfig`, 'required when strategy is set to Webhook')];
  return [...errs, ...validateReviewVersions(reviewVersions, `${at}.conversionReviewVersions`, '')];
}
