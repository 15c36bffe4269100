/**
 * GET /openapi/v2, negotiated as kube-openapi's handler does: JSON or the gnostic protobuf (two
 * spellings of its media type, both answered with the `.v1.0+protobuf` one: Go's mime parser
 * rejects the `@`), the first Accept clause (by q) that matches wins, `*` matches anything (JSON
 * first), nothing matching is a bare 406. Both forms carry the same ETag (the quoted SHA-512 of
 * the JSON, upper-case hex) and Last-Modified; a matching If-None-Match or If-Modified-Since is a
 * 304, as Go's http.ServeContent answers (conditional.ts). Built once per isolate for the built-in kinds, and once
 * per state of a cluster's CRDs for a cluster that has some (their kinds and paths added).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { kinds } from '../registry/index.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { bindingsResource } from '../handlers/binding.ts';
import { openapiV2, type OpenAPIV2Document } from './v2.ts';
import { customKinds, type CustomKinds } from '../crd/custom-kinds.ts';
import { customV2 } from '../crd/openapi-v2.ts';
import type { Storage } from '../storage/types.ts';
import { encodeDocument } from './gnostic.ts';
import { httpDate, serveContent } from './conditional.ts';
import { hexDigest } from './digest.ts';

/** What kubectl asks for (deprecated spelling) and what is answered */
export const PROTO_V2_ACCEPT = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
export const PROTO_V2 = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

interface Built {
  json: Uint8Array;
  proto: Uint8Array;
  etag: string;
  lastModified: string;
}

const etagOf = async (body: Uint8Array) => `"${await hexDigest('SHA-512', body)}"`;

async function encode(doc: OpenAPIV2Document): Promise<Built> {
  const lastModified = httpDate();
  const json = new TextEncoder().encode(JSON.stringify(doc));
  return { json, proto: encodeDocument(doc as unknown as Record<string, unknown>), etag: await etagOf(json), lastModified };
}

let staticDoc: OpenAPIV2Document | undefined;
let built: Promise<Built> | undefined;
/** per state of a cluster's CRDs: the built-in document with the cluster's custom resources */
const withCustom = new WeakMap<CustomKinds, Promise<Built>>();

async function build(storage: Storage, cluster: string): Promise<Built> {
  staticDoc ??= openapiV2(kinds, [bindingsResource, ...reviewResources]);
  const custom = await customKinds(storage, cluster);
  if (!custom.kinds.length) return (built ??= encode(staticDoc));
  let b = withCustom.get(custom);
  if (!b) {
    const { paths, definitions } = customV2(custom);
    const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    withCustom.set(custom, (b = encode({ ...staticDoc, paths: sorted({ ...staticDoc.paths, ...paths }), definitions: sorted({ ...staticDoc.definitions, ...definitions }) })));
  }
  return b;
}

interface Clause {
  type: string;
  subtype: string;
  q: number;
}

/** Accept clauses sorted by q (stable), as goautoneg does. */
function clauses(accept: string): Clause[] {
  return accept
    .split(',')
    .map((part) => {
      const [range, ...params] = part.split(';').map((x) => x.trim());
      const [type = '', subtype = ''] = range.toLowerCase().split('/');
      const q = params.map((p) => /^q=([\d.]+)$/i.exec(p)).find(Boolean);
      return { type, subtype: subtype || '*', q: q ? Number(q[1]) : 1 };
    })
    .filter((c) => c.type && c.q > 0)
    .sort((a, b) => b.q - a.q);
}

const OFFERED: { type: string; subtype: string; contentType: string; form: 'json' | 'proto' }[] = [
  { type: 'application', subtype: 'json', contentType: 'application/json', form: 'json' },
  { type: 'application', subtype: PROTO_V2_ACCEPT.slice('application/'.length), contentType: PROTO_V2, form: 'proto' },
  { type: 'application', subtype: PROTO_V2.slice('application/'.length), contentType: PROTO_V2, form: 'proto' },
];

export async function openapiV2Handler(c: Context<AppEnv>): Promise<Response> {
  const accept = c.req.header('Accept') || '*/*';
  for (const cl of clauses(accept)) {
    const offer = OFFERED.find((o) => (cl.type === '*' || cl.type === o.type) && (cl.subtype === '*' || cl.subtype === o.subtype));
    if (!offer) continue;
    const b = await build(c.get('storage'), c.get('cluster'));
    return serveContent(c.req.raw.headers, { body: b[offer.form], etag: b.etag, lastModified: b.lastModified, headers: { 'Content-Type': offer.contentType, Vary: 'Accept' } });
  }
  return new Response(null, { status: 406, headers: { Vary: 'Accept' } });
}
