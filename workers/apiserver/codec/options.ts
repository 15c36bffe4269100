/**
 * Decoding an options body (the DeleteOptions of a DELETE or deletecollection), as Kubernetes'
 * delete handler does: JSON, YAML or protobuf (client-go's typed clients, helm among them, send
 * `k8s\0` + runtime.Unknown{DeleteOptions}); the DeleteOptions of any group-version is accepted
 * (clients send `v1`, `apps/v1`, `meta.k8s.io/v1`...), another kind is not. Unknown fields are
 * dropped. An empty body is no options.
 */
import type * as v from 'valibot';
import { conform } from './conform.ts';
import { cannotHandle, goKind, jsonSyntaxError, unrecognized } from './errors.ts';
import { JsonSyntaxError, readJson } from './json.ts';
import { bodyType, PROTOBUF_TYPE } from './media.ts';
import { decodeProtobuf, ProtobufError } from './protobuf.ts';
import { readYaml, YamlSyntaxError } from './yaml.ts';

function notRegistered(kind: string, bodyKind: string, apiVersion: string, body: Uint8Array) {
  return unrecognized(kind, `no kind ${JSON.stringify(bodyKind)} is registered for version ${JSON.stringify(apiVersion)}`, body);
}

export function decodeOptions(bytes: Uint8Array, contentType: string | null | undefined, kind: string, schema: v.GenericSchema): Record<string, unknown> {
  if (bytes.length === 0) return {};
  if (bodyType(contentType) === PROTOBUF_TYPE) {
    try {
      const obj = decodeProtobuf(bytes, (apiVersion, k) => {
        if (k && k !== kind) throw notRegistered(kind, k, apiVersion, bytes);
        return schema;
      }) as unknown as Record<string, unknown>;
      // options have no ObjectMeta (the decoder adds an empty one); type meta is not an option
      const { metadata: _m, apiVersion: _a, kind: _k, ...options } = obj;
      return options;
    } catch (e) {
      if (e instanceof ProtobufError) throw unrecognized(kind, e.message, bytes);
      throw e;
    }
  }
  let value: unknown;
  try {
    value = bodyType(contentType) === 'application/json' ? readJson(bytes, { duplicates: false }).value : readYaml(bytes).value;
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw jsonSyntaxError(kind, e, bytes);
    if (e instanceof YamlSyntaxError) throw unrecognized(kind, `error converting YAML to JSON: ${e.message}`, bytes);
    throw e;
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw unrecognized(kind, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goKind(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`, bytes);
  const raw = value as Record<string, unknown>;
  const bodyKind = typeof raw.kind === 'string' ? raw.kind : '';
  const apiVersion = typeof raw.apiVersion === 'string' ? raw.apiVersion : '';
  if (bodyKind && bodyKind !== kind) throw notRegistered(kind, bodyKind, apiVersion, bytes);
  const c = conform(raw, schema, kind);
  if (c.typeError) throw cannotHandle(kind, apiVersion.split('/').pop() || 'v1', kind, c.typeError);
  const { apiVersion: _a, kind: _k, ...options } = c.value as Record<string, unknown>;
  return options;
}
