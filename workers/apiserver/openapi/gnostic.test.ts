/**
 * The protobuf v2 document decodes, with protobufjs and gnostic's field numbers
 * (testdata/gnostic-v2-subset.proto), back to exactly the JSON document: every path, operation,
 * parameter, response, definition and vendor extension survives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { kinds } from '../registry/index.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { openapiV2 } from './v2.ts';
import { encodeDocument } from './gnostic.ts';

type Any = Record<string, any>;
const root = protobuf.parse(readFileSync(join(import.meta.dirname, 'testdata/gnostic-v2-subset.proto'), 'utf8'), { keepCase: true }).root;
const Document = root.lookupType('openapi.v2.Document');

const extensions = (list: Any[] | undefined) => Object.fromEntries((list ?? []).map((n) => [n.name, JSON.parse(n.value.yaml)]));
const named = <T>(list: Any[] | undefined, f: (x: Any) => T) => Object.fromEntries((list ?? []).map((n) => [n.name, f(n.value ?? {})]));

function schema(s: Any): Any {
  const out: Any = {};
  if (s._ref) out.$ref = s._ref;
  if (s.format) out.format = s.format;
  if (s.description) out.description = s.description;
  if (s.unique_items) out.uniqueItems = true;
  if (s.required) out.required = s.required;
  if (s.additional_properties) out.additionalProperties = s.additional_properties.schema ? schema(s.additional_properties.schema) : s.additional_properties.boolean;
  if (s.type) out.type = s.type.value.length === 1 ? s.type.value[0] : s.type.value;
  if (s.items) out.items = schema(s.items.schema[0]);
  if (s.all_of) out.allOf = s.all_of.map(schema);
  if (s.properties) out.properties = named(s.properties.additional_properties, schema);
  return { ...out, ...extensions(s.vendor_extension) };
}

function parameter(p: Any): Any {
  if (p.json_reference) return { $ref: p.json_reference._ref };
  const { body_parameter: b, non_body_parameter: n } = p.parameter;
  if (b) return { name: b.name, in: b.in, ...(b.required ? { required: true } : {}), ...(b.description ? { description: b.description } : {}), schema: schema(b.schema) };
  const s = n.query_parameter_sub_schema ?? n.path_parameter_sub_schema;
  return { name: s.name, in: s.in, type: s.type, ...(s.description ? { description: s.description } : {}), ...(s.required ? { required: true } : {}), ...(s.unique_items ? { uniqueItems: true } : {}) };
}

function operation(o: Any): Any {
  return {
    tags: o.tags,
    description: o.description,
    operationId: o.operation_id,
    consumes: o.consumes,
    produces: o.produces,
    schemes: o.schemes,
    ...(o.parameters ? { parameters: o.parameters.map(parameter) } : {}),
    responses: named(o.responses.response_code, (v) => ({ description: v.response.description, ...(v.response.schema ? { schema: schema(v.response.schema.schema) } : {}) })),
    ...extensions(o.vendor_extension),
  };
}

function pathItem(p: Any): Any {
  const out: Any = {};
  for (const m of ['get', 'put', 'post', 'delete', 'patch']) if (p[m]) out[m] = operation(p[m]);
  if (p.parameters) out.parameters = p.parameters.map(parameter);
  return out;
}

test('the protobuf document reads back as the JSON document', () => {
  const doc = openapiV2(kinds, [bindingsResource, ...reviewResources]);
  const bytes = encodeDocument(doc as unknown as Any);
  const d = Document.toObject(Document.decode(bytes), { arrays: false, objects: false }) as Any;
  const back = {
    swagger: d.swagger,
    info: { title: d.info.title, version: d.info.version },
    paths: named(d.paths.path, pathItem),
    definitions: named(d.definitions.additional_properties, schema),
    securityDefinitions: named(d.security_definitions.additional_properties, (v) => v.api_key_security),
    security: d.security.map((r: Any) => named(r.additional_properties, (v) => v.value ?? [])),
  };
  const expected = JSON.parse(JSON.stringify(doc));
  // compared piecewise first, for a readable failure
  for (const name of Object.keys(expected.definitions)) assert.deepEqual(back.definitions[name], expected.definitions[name], name);
  for (const path of Object.keys(expected.paths)) assert.deepEqual(back.paths[path], expected.paths[path], path);
  assert.deepEqual(back, expected);
});

test('zero scalars and empty lists are not written; present messages are, even empty', () => {
  const bytes = encodeDocument({ swagger: '2.0', paths: {}, definitions: { E: { type: 'object', properties: {} }, N: { description: '' } } });
  const d = Document.decode(bytes) as unknown as Any;
  assert.equal(d.definitions.additional_properties[0].value.properties.additional_properties.length, 0);
  assert.ok(d.definitions.additional_properties[0].value.properties, 'an empty properties message is there');
  assert.equal(d.definitions.additional_properties[1].value.properties, null);
  assert.deepEqual([...bytes.subarray(0, 5)], [0x0a, 0x03, 0x32, 0x2e, 0x30]);
});
