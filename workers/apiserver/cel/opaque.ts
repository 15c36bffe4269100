/**
 * Kubernetes' CEL object types (Quantity, URL, the authorizer's builders and Decision) as
 * protobuf messages of a small descriptor made here: @bufbuild/cel knows values of its own kinds
 * (scalars, lists, maps, messages), so an opaque value is a message whose fields carry its state.
 * `type(quantity('1'))` is `kubernetes.Quantity` as in Kubernetes.
 */
import { create, createFileRegistry, type DescMessage } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FieldDescriptorProto_Label, FieldDescriptorProto_Type } from '@bufbuild/protobuf/wkt';
import type { ReflectMessage } from '@bufbuild/protobuf/reflect';
import { objectType, type CelObjectType } from '@bufbuild/cel';

type FieldKind = 'string' | 'bool';
const MESSAGES: Record<string, Record<string, FieldKind>> = {
  Quantity: { value: 'string' },
  URL: { value: 'string' },
  // authorizer builders: one message with the attributes collected so far
  Authorizer: { serviceAccount: 'string' },
  PathCheck: { serviceAccount: 'string', path: 'string' },
  GroupCheck: { serviceAccount: 'string', group: 'string' },
  ResourceCheck: { serviceAccount: 'string', group: 'string', resource: 'string', subresource: 'string', namespace: 'string', name: 'string' },
  Decision: { allowed: 'bool', reason: 'string', error: 'string' },
  // what it holds is kept beside it (optional.ts)
  Optional: { present: 'bool' },
  NamedFormat: { name: 'string' },
  IP: { value: 'string' },
  CIDR: { value: 'string' },
  Semver: { value: 'string' },
};

const file = create(FileDescriptorProtoSchema, {
  name: 'timonier/kubernetes-cel.proto',
  package: 'kubernetes',
  syntax: 'proto3',
  messageType: Object.entries(MESSAGES).map(([name, fields]) => ({
    name,
    field: Object.entries(fields).map(([f, kind], i) => ({
      name: f,
      jsonName: f,
      number: i + 1,
      label: FieldDescriptorProto_Label.OPTIONAL,
      type: kind === 'bool' ? FieldDescriptorProto_Type.BOOL : FieldDescriptorProto_Type.STRING,
    })),
  })),
});

export const registry = createFileRegistry(file, () => undefined);

const desc = (name: string): DescMessage => registry.getMessage(`kubernetes.${name}`)!;

export const QUANTITY = desc('Quantity');
export const URL_ = desc('URL');
export const AUTHORIZER = desc('Authorizer');
export const PATH_CHECK = desc('PathCheck');
export const GROUP_CHECK = desc('GroupCheck');
export const RESOURCE_CHECK = desc('ResourceCheck');
export const DECISION = desc('Decision');
export const OPTIONAL = desc('Optional');
export const NAMED_FORMAT = desc('NamedFormat');
export const IP_ = desc('IP');
export const CIDR_ = desc('CIDR');
export const SEMVER = desc('Semver');

export const T = {
  quantity: objectType(QUANTITY),
  url: objectType(URL_),
  authorizer: objectType(AUTHORIZER),
  pathCheck: objectType(PATH_CHECK),
  groupCheck: objectType(GROUP_CHECK),
  resourceCheck: objectType(RESOURCE_CHECK),
  decision: objectType(DECISION),
  optional: objectType(OPTIONAL),
  namedFormat: objectType(NAMED_FORMAT),
  ip: objectType(IP_),
  cidr: objectType(CIDR_),
  semver: objectType(SEMVER),
} satisfies Record<string, CelObjectType>;

/** A new opaque value. */
export const make = (d: DescMessage, fields: Record<string, string | boolean>) => create(d, fields as never);

/** The fields of an opaque value a method was called on (`this` is the message's reflection). */
export const fieldsOf = <F = Record<string, string>>(v: unknown): F => (v as ReflectMessage).message as F;
