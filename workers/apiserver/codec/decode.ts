/**
 * Decoding create/update bodies (JSON, YAML, protobuf) into the object of the endpoint's kind,
 * with Kubernetes' 400 texts and field validation (`fieldValidation=Strict|Warn|Ignore`):
 * unknown and duplicate fields are an error in Strict, warnings in Warn, silent in Ignore, and
 * unknown fields are always pruned. apiVersion/kind missing from the body are filled from the
 * endpoint; present but different, they are rejected.
 */
import type * as v from 'valibot';
import { badRequest } from '../../../lib/errors.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { conform } from './conform.ts';
import { cannotHandle, goKind, jsonSyntaxError, unrecognized } from './errors.ts';
import { JsonSyntaxError, readJson } from './json.ts';
import { bodyType, JSON_TYPE, PROTOBUF_TYPE } from './media.ts';
import { decodeProtobuf, ProtobufError } from './protobuf.ts';
import { checkTypeMeta } from './typemeta.ts';
import { readYaml, YamlSyntaxError } from './yaml.ts';

export { unknownFields } from './conform.ts';
export { summarizeBody } from './errors.ts';
export { checkTypeMeta } from './typemeta.ts';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface Expected {
  schema: v.GenericSchema;
  group: string;
  version: string;
  kind: string;
}

export interface Decoded {
  object: KubeObject;
  /** `unknown field "spec.foo"`, `duplicate field "x"` (Warn only) */
  warnings: string[];
}

const FIND_KIND_TYPE = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** Type-checks, prunes and applies field validation to an already parsed JSON/YAML value. */
function finish(value: unknown, parseStrict: string[], body: Uint8Array, expected: Expected, fv: FieldValidation): Decoded {
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw unrecognized(expected.kind, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goKind(value)} into Go value of type ${FIND_KIND_TYPE}`, body);
  }
  const raw = (value ?? {}) as Record<string, unknown>;
  for (const f of ['apiVersion', 'kind']) {
    const x = raw[f];
    if (x !== undefined && x !== null && typeof x !== 'string') {
      throw unrecognized(expected.kind, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goKind(x)} into Go struct field .${f} of type string`, body);
    }
  }
  const tm = checkTypeMeta((raw.apiVersion as string) ?? '', (raw.kind as string) ?? '', expected);
  const c = conform(raw, expected.schema, expected.kind);
  if (c.typeError) throw cannotHandle(expected.kind, expected.version, expected.kind, c.typeError);
  const strict = [...parseStrict, ...c.unknown.map((u) => `unknown field ${JSON.stringify(u)}`)];
  if (strict.length && fv === 'Strict') throw cannotHandle(expected.kind, expected.version, expected.kind, `strict decoding error: ${strict.join(', ')}`);
  const object = { ...(c.value as Record<string, unknown>), ...tm } as KubeObject;
  object.metadata ??= {};
  // warnings travel in HTTP headers: one line each
  return { object: reorder(object), warnings: fv === 'Warn' ? strict.map((w) => w.replace(/\s*\n\s*/g, ' ')) : [] };
}

/** apiVersion and kind first, as Kubernetes serialises objects. */
function reorder(o: KubeObject): KubeObject {
  const { apiVersion, kind, ...rest } = o;
  return { apiVersion, kind, ...rest } as KubeObject;
}

export type SchemaFor = (apiVersion: string, kind: string) => v.GenericSchema | undefined;

/**
 * Decodes a create/update body for the endpoint's kind. Throws StatusError 400/415.
 * `schemaFor` resolves the schema of a protobuf envelope's type (default: `expected.schema`);
 * the envelope's apiVersion/kind must still be the endpoint's.
 */
export function decodeBody(
  bytes: Uint8Array,
  contentType: string | null | undefined,
  expected: Expected,
  fieldValidation: FieldValidation,
  schemaFor?: SchemaFor,
): Decoded {
  const type = bodyType(contentType);
  if (type === PROTOBUF_TYPE) return { object: decodeProtobufBody(bytes, expected, schemaFor), warnings: [] };
  if (type === JSON_TYPE) {
    let parsed;
    try {
      parsed = readJson(bytes, { duplicates: fieldValidation !== 'Ignore' });
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw jsonSyntaxError(expected.kind, e, bytes);
      throw e;
    }
    const dupes = parsed.duplicates.map((d) => `duplicate field ${JSON.stringify(d)}`);
    return finish(parsed.value, dupes, bytes, expected, fieldValidation);
  }
  let parsed;
  try {
    parsed = readYaml(bytes);
  } catch (e) {
    if (e instanceof YamlSyntaxError) throw unrecognized(expected.kind, `error converting YAML to JSON: ${e.message}`, bytes);
    throw e;
  }
  // Kubernetes reports YAML duplicates as one strict error naming every line
  return finish(parsed.value, parsed.duplicates ? [parsed.duplicates] : [], bytes, expected, fieldValidation);
}

function decodeProtobufBody(bytes: Uint8Array, expected: Expected, schemaFor?: SchemaFor): KubeObject {
  try {
    return decodeProtobuf(bytes, (apiVersion, kind) => {
      const tm = checkTypeMeta(apiVersion, kind, expected);
      return schemaFor?.(tm.apiVersion, tm.kind) ?? expected.schema;
    });
  } catch (e) {
    if (e instanceof ProtobufError) throw unrecognized(expected.kind, e.message, bytes);
    throw e;
  }
}

/** A JSON document's value, or 400 with Go's syntax error text. */
export function parseJson(input: Uint8Array | string): unknown {
  try {
    return readJson(input, { duplicates: false }).value;
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw badRequest(e.message);
    throw e;
  }
}

/** A YAML document's value (the first document), or 400 `error converting YAML to JSON: yaml: line N: ...`. */
export function parseYaml(input: Uint8Array | string): unknown {
  try {
    return readYaml(input).value;
  } catch (e) {
    if (e instanceof YamlSyntaxError) throw badRequest(`error converting YAML to JSON: ${e.message}`);
    throw e;
  }
}
