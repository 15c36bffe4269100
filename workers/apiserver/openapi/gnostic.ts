/**
 * The protobuf form of an OpenAPI v2 document (`application/com.github.proto-openapi.spec.v2@v1.0+protobuf`):
 * google/gnostic's `openapi.v2.Document`, written for the subset of Swagger 2.0 that v2.ts emits.
 * Field numbers are gnostic's OpenAPIv2.proto (proto3: zero scalars and empty lists are not
 * written, a present message is, even empty). Map-like members are ordered (name, value) pairs in
 * the JSON's key order; vendor extensions (`x-...`) are NamedAny whose Any carries the value as
 * YAML text (JSON is YAML; kubectl yaml-decodes it).
 */

type Json = unknown;
type Obj = Record<string, Json>;

const utf8 = new TextEncoder();

/** A message being written: fields appended in the order called. */
class Msg {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  private push(b: Uint8Array) {
    this.parts.push(b);
    this.size += b.length;
  }
  private varint(n: number) {
    const out: number[] = [];
    while (n > 0x7f) {
      out.push((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    out.push(n);
    this.push(Uint8Array.from(out));
  }
  private tag(field: number, wire: number) {
    this.varint(field * 8 + wire);
  }
  bytesField(field: number, b: Uint8Array) {
    this.tag(field, 2);
    this.varint(b.length);
    this.push(b);
  }
  str(field: number, s: Json) {
    if (typeof s === 'string' && s !== '') this.bytesField(field, utf8.encode(s));
  }
  strs(field: number, list: Json) {
    if (Array.isArray(list)) for (const s of list) this.bytesField(field, utf8.encode(String(s)));
  }
  bool(field: number, b: Json) {
    if (b === true) (this.tag(field, 0), this.varint(1));
  }
  int(field: number, n: Json) {
    if (typeof n === 'number' && Number.isInteger(n) && n > 0) (this.tag(field, 0), this.varint(n));
  }
  double(field: number, n: Json) {
    if (typeof n !== 'number' || n === 0) return;
    this.tag(field, 1);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, n, true);
    this.push(b);
  }
  msg(field: number, m: Msg | undefined) {
    if (m) this.bytesField(field, m.bytes());
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) (out.set(p, at), (at += p.length));
    return out;
  }
}

const isObj = (x: Json): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const entries = (x: Json): [string, Json][] => (isObj(x) ? Object.entries(x) : []);

/** Any {2 yaml} */
const any = (x: Json) => {
  const m = new Msg();
  m.str(2, `${JSON.stringify(x)}\n`);
  return m;
};

/** NamedAny {1 name, 2 value} for every `x-` member of `o`, at `field`. */
function extensions(m: Msg, field: number, o: Obj) {
  for (const [k, x] of Object.entries(o)) {
    if (!k.startsWith('x-')) continue;
    const named = new Msg();
    named.str(1, k);
    named.msg(2, any(x));
    m.msg(field, named);
  }
}

export function schema(s: Obj): Msg {
  const m = new Msg();
  m.str(1, s.$ref);
  m.str(2, s.format);
  m.str(3, s.title);
  m.str(4, s.description);
  if (s.default !== undefined) m.msg(5, any(s.default));
  m.double(7, s.maximum);
  m.double(9, s.minimum);
  m.int(11, s.maxLength);
  m.int(12, s.minLength);
  m.str(13, s.pattern);
  m.int(14, s.maxItems);
  m.int(15, s.minItems);
  m.bool(16, s.uniqueItems);
  m.strs(19, s.required);
  if (Array.isArray(s.enum)) for (const e of s.enum) m.msg(20, any(e));
  if (s.additionalProperties !== undefined) {
    const ap = new Msg();
    if (isObj(s.additionalProperties)) ap.msg(1, schema(s.additionalProperties));
    else ap.bool(2, s.additionalProperties);
    m.msg(21, ap);
  }
  if (s.type !== undefined) {
    const t = new Msg(); // TypeItem {1 value}
    t.strs(1, Array.isArray(s.type) ? s.type : [s.type]);
    m.msg(22, t);
  }
  if (s.items !== undefined) {
    const items = new Msg(); // ItemsItem {1 schema}
    for (const i of Array.isArray(s.items) ? s.items : [s.items]) if (isObj(i)) items.msg(1, schema(i));
    m.msg(23, items);
  }
  if (Array.isArray(s.allOf)) for (const a of s.allOf) if (isObj(a)) m.msg(24, schema(a));
  if (s.properties !== undefined) m.msg(25, named(s.properties, schema)); // Properties {1 NamedSchema}
  m.bool(27, s.readOnly);
  extensions(m, 31, s);
  return m;
}

/** A message of one repeated (name, value) member at field 1, in key order. */
function named(x: Json, value: (o: Obj) => Msg): Msg {
  const m = new Msg();
  for (const [k, v] of entries(x)) {
    const pair = new Msg();
    pair.str(1, k);
    pair.msg(2, isObj(v) ? value(v) : new Msg());
    m.msg(1, pair);
  }
  return m;
}

/** ParametersItem {1 parameter: Parameter{1 body | 2 nonBody}, 2 jsonReference} */
function parameter(p: Obj): Msg {
  const item = new Msg();
  if (typeof p.$ref === 'string') {
    const ref = new Msg();
    ref.str(1, p.$ref);
    ref.str(2, p.description);
    item.msg(2, ref);
    return item;
  }
  const param = new Msg();
  if (p.in === 'body') {
    const b = new Msg(); // BodyParameter
    b.str(1, p.description);
    b.str(2, p.name);
    b.str(3, p.in);
    b.bool(4, p.required);
    if (isObj(p.schema)) b.msg(5, schema(p.schema));
    extensions(b, 6, p);
    param.msg(1, b);
  } else {
    // Query and FormData sub-schemas have allowEmptyValue at 5, which shifts every later field by one
    const which = ({ header: 1, formData: 2, query: 3, path: 4 } as Record<string, number>)[String(p.in)] ?? 3;
    const shift = which === 2 || which === 3 ? 1 : 0;
    const s = new Msg();
    s.bool(1, p.required);
    s.str(2, p.in);
    s.str(3, p.description);
    s.str(4, p.name);
    if (shift) s.bool(5, p.allowEmptyValue);
    s.str(5 + shift, p.type);
    s.str(6 + shift, p.format);
    s.str(8 + shift, p.collectionFormat);
    s.bool(19 + shift, p.uniqueItems);
    extensions(s, 22 + shift, p);
    const nonBody = new Msg();
    nonBody.msg(which, s);
    param.msg(2, nonBody);
  }
  item.msg(1, param);
  return item;
}

function operation(op: Obj): Msg {
  const m = new Msg();
  m.strs(1, op.tags);
  m.str(2, op.summary);
  m.str(3, op.description);
  m.str(5, op.operationId);
  m.strs(6, op.produces);
  m.strs(7, op.consumes);
  if (Array.isArray(op.parameters)) for (const p of op.parameters) if (isObj(p)) m.msg(8, parameter(p));
  if (isObj(op.responses)) {
    const rs = new Msg(); // Responses {1 NamedResponseValue{1 name, 2 ResponseValue{1 Response}}}
    for (const [code, r] of entries(op.responses)) {
      if (!isObj(r)) continue;
      const resp = new Msg(); // Response {1 description, 2 SchemaItem{1 schema}}
      resp.str(1, r.description);
      if (isObj(r.schema)) {
        const item = new Msg();
        item.msg(1, schema(r.schema));
        resp.msg(2, item);
      }
      const value = new Msg();
      value.msg(1, resp);
      const pair = new Msg();
      pair.str(1, code);
      pair.msg(2, value);
      rs.msg(1, pair);
    }
    m.msg(9, rs);
  }
  m.strs(10, op.schemes);
  m.bool(11, op.deprecated);
  extensions(m, 13, op);
  return m;
}

const METHODS: [string, number][] = [
  ['get', 2],
  ['put', 3],
  ['post', 4],
  ['delete', 5],
  ['options', 6],
  ['head', 7],
  ['patch', 8],
];

function pathItem(item: Obj): Msg {
  const m = new Msg();
  m.str(1, item.$ref);
  for (const [method, field] of METHODS) if (isObj(item[method])) m.msg(field, operation(item[method] as Obj));
  if (Array.isArray(item.parameters)) for (const p of item.parameters) if (isObj(p)) m.msg(9, parameter(p));
  extensions(m, 10, item);
  return m;
}

/** The gnostic `openapi.v2.Document` of a v2 document. */
export function encodeDocument(doc: Obj): Uint8Array {
  const m = new Msg();
  m.str(1, doc.swagger);
  if (isObj(doc.info)) {
    const info = new Msg();
    info.str(1, doc.info.title);
    info.str(2, doc.info.version);
    info.str(3, doc.info.description);
    extensions(info, 7, doc.info);
    m.msg(2, info);
  }
  m.str(3, doc.host);
  m.str(4, doc.basePath);
  m.strs(5, doc.schemes);
  m.strs(6, doc.consumes);
  m.strs(7, doc.produces);
  if (isObj(doc.paths)) {
    const paths = new Msg(); // Paths {1 vendor_extension, 2 NamedPathItem}
    extensions(paths, 1, doc.paths);
    for (const [p, item] of entries(doc.paths)) {
      if (p.startsWith('x-') || !isObj(item)) continue;
      const pair = new Msg();
      pair.str(1, p);
      pair.msg(2, pathItem(item));
      paths.msg(2, pair);
    }
    m.msg(8, paths);
  }
  if (doc.definitions !== undefined) m.msg(9, named(doc.definitions, schema));
  if (Array.isArray(doc.security)) {
    for (const req of doc.security) {
      const r = new Msg(); // SecurityRequirement {1 NamedStringArray{1 name, 2 StringArray{1 value}}}
      for (const [name, scopes] of entries(req)) {
        const arr = new Msg();
        arr.strs(1, scopes);
        const pair = new Msg();
        pair.str(1, name);
        pair.msg(2, arr);
        r.msg(1, pair);
      }
      m.msg(12, r);
    }
  }
  if (isObj(doc.securityDefinitions)) {
    const defs = new Msg(); // SecurityDefinitions {1 NamedSecurityDefinitionsItem{1 name, 2 item}}
    for (const [name, d] of entries(doc.securityDefinitions)) {
      if (!isObj(d) || d.type !== 'apiKey') continue; // the only kind Kubernetes publishes
      const key = new Msg(); // ApiKeySecurity {1 type, 2 name, 3 in, 4 description}
      key.str(1, d.type);
      key.str(2, d.name);
      key.str(3, d.in);
      key.str(4, d.description);
      const item = new Msg();
      item.msg(2, key);
      const pair = new Msg();
      pair.str(1, name);
      pair.msg(2, item);
      defs.msg(1, pair);
    }
    m.msg(13, defs);
  }
  extensions(m, 16, doc);
  return m.bytes();
}
