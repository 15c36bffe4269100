/**
 * OpenAPI component schemas derived from kind schemas. Every message (valibot object schema) is
 * one component, named once per spec by the identity of its entries, so a struct shared by kinds
 * (PodSpec in Pod and Deployment) is one component wherever it is referenced. meta/v1 types keep
 * their Kubernetes names; others get a Go-like name from the field holding them (`spec` of Pod →
 * io.k8s.api.core.v1.PodSpec, `containers` → Container), prefixed by the parent on collision.
 */
import type * as v from 'valibot';
import { shape, type Shape } from '../../../lib/schema/walk.ts';
import { condition, labelSelector, labelSelectorRequirement, managedFieldsEntry, objectMeta, ownerReference } from '../../../lib/api/meta.ts';

export type OpenAPISchema = Record<string, unknown>;
type ObjectShape = Extract<Shape, { kind: 'object' }>;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const WELL_KNOWN: [v.GenericSchema, string][] = [
  [objectMeta, `${META}.ObjectMeta`],
  [ownerReference, `${META}.OwnerReference`],
  [managedFieldsEntry, `${META}.ManagedFieldsEntry`],
  [labelSelector, `${META}.LabelSelector`],
  [labelSelectorRequirement, `${META}.LabelSelectorRequirement`],
  [condition, `${META}.Condition`],
];

/** Scalars Kubernetes models as named types. */
export const SPECIAL: Record<string, OpenAPISchema> = {
  [`${META}.Time`]: { description: 'Time is an RFC 3339 date and time, serialized with second precision.', type: 'string', format: 'date-time' },
  [`${META}.FieldsV1`]: { description: 'FieldsV1 is the set of fields a manager owns, in the FieldsV1 JSON format.', type: 'object' },
  [`${META}.Patch`]: { description: 'Patch is the body of a PATCH request, in one of the patch formats.', type: 'object' },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': {
    description: 'IntOrString holds either an int32 or a string.',
    format: 'int-or-string',
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    'x-kubernetes-int-or-string': true,
  },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': {
    description: 'Quantity is a fixed-point number with an optional SI or binary suffix, such as 500m, 1Gi or 2.',
    oneOf: [{ type: 'string' }, { type: 'number' }],
  },
};
const TIME = `${META}.Time`;
const FIELDS_V1 = `${META}.FieldsV1`;
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** Go type names for fields whose name alone would mislead. */
const TYPE_BY_FIELD: Record<string, string> = {
  template: 'PodTemplateSpec',
  containers: 'Container',
  initContainers: 'Container',
  ephemeralContainers: 'EphemeralContainer',
  env: 'EnvVar',
  valueFrom: 'EnvVarSource',
  resources: 'ResourceRequirements',
  volumeMounts: 'VolumeMount',
  livenessProbe: 'Probe',
  readinessProbe: 'Probe',
  startupProbe: 'Probe',
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : /(ss|us|as)es$/.test(s) ? s.slice(0, -2) : s.endsWith('s') ? s.slice(0, -1) : s);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export interface KindContext {
  /** package prefix, e.g. io.k8s.api.apps.v1 */
  pkg: string;
  kind: string;
}

export class Components {
  private readonly names = new Map<object, string>();
  readonly schemas = new Map<string, OpenAPISchema>();
  /** component → components it references directly */
  readonly refs = new Map<string, Set<string>>();

  constructor() {
    for (const [schema, name] of WELL_KNOWN) this.names.set((shape(schema) as ObjectShape).entries, name);
  }

  /** Registers a kind's top-level schema under its openapiName; returns nothing, fills `schemas`. */
  addKind(schema: v.GenericSchema, openapiName: string, gvk: { group: string; version: string; kind: string }): void {
    const s = shape(schema);
    if (s.kind !== 'object') throw new Error(`${openapiName}: a kind schema must be an object`);
    const earlier = this.names.get(s.entries);
    if (earlier && earlier !== openapiName && this.schemas.has(earlier)) this.schemas.set(openapiName, { ...this.schemas.get(earlier)! });
    this.names.set(s.entries, openapiName);
    const ctx = { pkg: openapiName.slice(0, openapiName.lastIndexOf('.')), kind: gvk.kind };
    this.build(s, openapiName, ctx, 0);
    if (!this.refs.has(openapiName)) this.refs.set(openapiName, new Set(earlier ? this.refs.get(earlier) : []));
    this.schemas.get(openapiName)!['x-kubernetes-group-version-kind'] = [{ group: gvk.group, kind: gvk.kind, version: gvk.version }];
  }

  /** The transitive closure of components referenced from `roots`. */
  closure(roots: Iterable<string>): Set<string> {
    const out = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const n = stack.pop()!;
      if (out.has(n)) continue;
      out.add(n);
      for (const r of this.refs.get(n) ?? []) stack.push(r);
    }
    return out;
  }

  private nameFor(s: ObjectShape, field: string, parent: string, ctx: KindContext, depth: number, item: boolean): string {
    const known = this.names.get(s.entries);
    if (known) return known;
    const base =
      depth === 1 && (field === 'spec' || field === 'status')
        ? `${ctx.kind}${cap(field)}`
        : field === 'conditions'
          ? `${ctx.kind}Condition`
          : (TYPE_BY_FIELD[field] ?? cap(item ? singular(field) : field));
    const short = parent.slice(parent.lastIndexOf('.') + 1);
    let name = `${ctx.pkg}.${base}`;
    if (this.schemas.has(name)) name = `${ctx.pkg}.${short}${base}`;
    for (let n = 2; this.schemas.has(name); n++) name = `${ctx.pkg}.${short}${base}${n}`;
    this.names.set(s.entries, name);
    return name;
  }

  private build(s: ObjectShape, name: string, ctx: KindContext, depth: number): void {
    if (this.schemas.has(name)) return;
    const out: OpenAPISchema = { type: 'object', properties: {} };
    if (s.meta.structType === 'atomic') out['x-kubernetes-map-type'] = 'atomic';
    this.schemas.set(name, out);
    this.refs.set(name, new Set());
    const props = out.properties as Record<string, OpenAPISchema>;
    for (const [field, schema] of Object.entries(s.entries)) props[field] = this.property(schema, field, name, ctx, depth + 1);
  }

  private use(from: string, to: string) {
    this.refs.get(from)!.add(to);
    if (SPECIAL[to]) this.schemas.set(to, SPECIAL[to]);
    return ref(to);
  }

  private property(schema: v.GenericSchema, field: string, parent: string, ctx: KindContext, depth: number): OpenAPISchema {
    const s = shape(schema);
    const out: OpenAPISchema = {};
    if (s.doc) out.description = s.doc;
    Object.assign(out, this.type(s, field, parent, ctx, depth, false));
    const m = s.meta;
    if (m.patchStrategy) out['x-kubernetes-patch-strategy'] = m.patchStrategy;
    if (m.patchMergeKey) out['x-kubernetes-patch-merge-key'] = m.patchMergeKey;
    if (m.listType) out['x-kubernetes-list-type'] = m.listType;
    if (m.listMapKeys) out['x-kubernetes-list-map-keys'] = m.listMapKeys;
    if (m.mapType) out['x-kubernetes-map-type'] = m.mapType;
    return out;
  }

  /** The type part of a schema (no description or patch markers). */
  private type(s: Shape, field: string, parent: string, ctx: KindContext, depth: number, item: boolean): OpenAPISchema {
    const m = s.meta;
    switch (s.kind) {
      case 'object': {
        const name = this.nameFor(s, field, parent, ctx, depth, item);
        this.build(s, name, ctx, depth);
        return { allOf: [this.use(parent, name)] };
      }
      case 'array':
        return { type: 'array', items: this.type(shape(s.item), field, parent, ctx, depth, true) };
      case 'record': {
        if (m.pbType === 'fieldsV1') return { allOf: [this.use(parent, FIELDS_V1)] };
        const value =
          m.pbType === 'bytes' ? { type: 'string', format: 'byte' } : m.pbType === 'quantity' ? this.use(parent, QUANTITY) : this.type(shape(s.value), field, parent, ctx, depth, true);
        return { type: 'object', additionalProperties: value };
      }
      case 'string':
        if (m.pbType === 'time') return { allOf: [this.use(parent, TIME)] };
        return m.format === 'byte' ? { type: 'string', format: 'byte' } : { type: 'string' };
      case 'integer':
        return { type: 'integer', format: m.format === 'int64' || m.pbType === 'int64' ? 'int64' : 'int32' };
      case 'number':
        return { type: 'number', format: 'double' };
      case 'boolean':
        return { type: 'boolean' };
      case 'union':
        if (m.pbType === 'intOrString') return { allOf: [this.use(parent, INT_OR_STRING)] };
        if (m.pbType === 'quantity') return { allOf: [this.use(parent, QUANTITY)] };
        return {};
      default:
        return { 'x-kubernetes-preserve-unknown-fields': true };
    }
  }
}
