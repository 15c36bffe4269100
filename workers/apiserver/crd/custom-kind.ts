/**
 * The kind descriptor of one served version of a CRD: what the generic handlers need to serve
 * its custom resources, derived from the CRD (names, scope, subresources, printer columns) and
 * the version's structural schema (decoding with pruning, defaulting, validation, and the schema
 * the patch and server-side apply machinery walks). Built once per CRD revision and version.
 */
import type * as v from 'valibot';
import type { CRDVersion, CustomResourceDefinition, JSONSchemaProps } from '../../../lib/api/apiextensions.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { FieldError } from '../../../lib/errors.ts';
import * as valibot from 'valibot';
import { objectEntries } from '../../../lib/api/meta.ts';
import { conform, conformWith } from '../codec/conform.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { applyDefaults } from './schema/defaults.ts';
import { pruneObject } from './schema/prune.ts';
import { validateCustomResource } from './schema/validate.ts';
import { objectSchemaOf } from './schema/valibot.ts';
import { customTable } from './printer.ts';
import { validateRules } from './rules.ts';
import { crdConversion } from './conversion/index.ts';
import { selectableFieldGetters } from './selectable-fields.ts';

/** com.example.stable.v1.CronTab: the group reversed, as Kubernetes names CRD schemas in OpenAPI. */
export const openapiNameOf = (group: string, version: string, kind: string) => `${group.split('.').reverse().join('.')}.${version}.${kind}`;

/** Only metadata is decoded as Go would (ObjectMeta): the rest is the schema's to prune. */
const metadataOnly = valibot.object({ metadata: objectEntries.metadata });

/**
 * How a custom resource body decodes: ObjectMeta type-checked as Go's decoder does, the rest
 * pruned by the structural schema (unknown fields reported for Strict/Warn).
 */
function conformer(schema: JSONSchemaProps, kind: string) {
  return (value: unknown) => {
    const raw = (value ?? {}) as Record<string, unknown>;
    const meta = conform({ metadata: raw.metadata ?? {} }, metadataOnly, kind);
    const { value: pruned, unknown } = pruneObject(raw, schema);
    const out = { ...(pruned as Record<string, unknown>), metadata: (meta.value as { metadata?: unknown }).metadata ?? {} };
    return { value: out, unknown: [...meta.unknown, ...unknown], typeError: meta.typeError };
  };
}

const built = new Map<string, KindDescriptor>();
const MAX_BUILT = 512;

/** The descriptor of `version` of `crd`, or undefined when it is not a served version. */
export function customKind(crd: CustomResourceDefinition, version: string): KindDescriptor | undefined {
  const key = `${crd.metadata.uid}/${crd.metadata.resourceVersion}/${version}`;
  const known = built.get(key);
  if (known) return known;
  const ver = crd.spec.versions?.find((x) => x.name === version && x.served);
  if (!ver) return undefined;
  const desc = build(crd, ver);
  if (built.size >= MAX_BUILT) built.delete(built.keys().next().value!);
  built.set(key, desc);
  return desc;
}

function build(crd: CustomResourceDefinition, ver: CRDVersion): KindDescriptor {
  const { group = '', names = {}, scope } = crd.spec;
  const kind = names.kind ?? '';
  const root: JSONSchemaProps = ver.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const schema: v.GenericSchema = objectSchemaOf(root);
  conformWith(schema, conformer(root, kind));
  const status = !!ver.subresources?.status;
  return {
    group,
    version: ver.name!,
    kind,
    resource: names.plural ?? '',
    singular: names.singular ?? kind.toLowerCase(),
    namespaced: scope !== 'Cluster',
    shortNames: names.shortNames,
    categories: names.categories,
    schema,
    openapiName: openapiNameOf(group, ver.name!, kind),
    subresources: { status, scale: !!ver.subresources?.scale },
    nameRule: 'subdomain',
    generation: 'spec',
    // without a status subresource, status is spec-like: written by any update, bumping generation
    statusFields: status ? ['status'] : [],
    defaults: (obj: KubeObject) => applyDefaults(obj, root, true),
    // the schema first; its rules only on what the schema accepts, as Kubernetes runs them
    validateCreate: (obj: KubeObject): FieldError[] => {
      const errs = validateCustomResource(root, obj);
      return errs.length ? errs : [...validateRules(root, obj), ...validateRules(root, obj, 'create')];
    },
    // ratcheted: what the update left as it was is not checked again (transition rules excepted)
    validateUpdate: (obj: KubeObject, old: KubeObject): FieldError[] => {
      const errs = validateCustomResource(root, obj, old);
      return errs.length ? errs : [...validateRules(root, obj, 'object', old), ...validateRules(root, obj, 'update', old)];
    },
    table: customTable(ver.additionalPrinterColumns),
    fieldSelectors: selectableFieldGetters(ver),
    customResource: {
      crd,
      versions: () => (crd.spec.versions ?? []).flatMap((v) => (v.served && v.name ? [customKind(crd, v.name)!] : [])),
      conversion: (reach) => crdConversion(crd, ver.name!, reach),
    },
  };
}

/** A descriptor of the CRD's storage version, served or not: where its objects are kept. */
export function storageKindOf(crd: CustomResourceDefinition): KindDescriptor | undefined {
  const ver = crd.spec.versions?.find((x) => x.storage) ?? crd.spec.versions?.[0];
  return ver?.name ? (customKind(crd, ver.name) ?? build(crd, ver)) : undefined;
}
