/**
 * LIST: a consistent snapshot, paginated with opaque continue tokens that pin every page to the
 * first page's revision (so no object is seen twice, whatever is written between pages).
 */
import type { Context } from 'hono';
import type { KubeObject, ListMeta } from '../../../lib/api/meta.ts';
import { badRequest, expired, timeout } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storagePrefix } from '../registry/index.ts';
import { convertingStorage } from '../storage/converting.ts';
import { cachedLists } from '../cache/list-cache.ts';
import { negotiate } from '../request/negotiate.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { objectFilter } from '../rest/filter.ts';
import { tableOf } from '../rest/table.ts';
import { includeObject, tableType } from './get.ts';
import { intParam } from './params.ts';
import { requestUrl } from '../request/url.ts';
import { json, jsonText } from './respond.ts';
import { readContext } from './store-context.ts';

interface ContinueToken {
  v: 'meta.k8s.io/v1';
  rv: number;
  /** the key to resume at, relative to the list's key prefix (Kubernetes' own token shape) */
  start: string;
}

const TOO_OLD_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

export function encodeContinue(t: ContinueToken): string {
  return btoa(JSON.stringify(t)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeContinue(s: string): ContinueToken {
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const t = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as ContinueToken;
    if (t.v !== 'meta.k8s.io/v1' || !Number.isInteger(t.rv) || typeof t.start !== 'string' || t.start.includes('..')) throw new Error();
    return t;
  } catch {
    throw badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
}

export async function listHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = requestUrl(c.req.raw).searchParams;
  // lists at the latest revision come from this isolate's copy of the resource (cache/list-cache.ts)
  const storage = convertingStorage(cachedLists(c.get('storage'), c.get('cluster'), storagePrefix(desc), c.get('clusterUid')), desc, readContext(c));
  const filter = objectFilter(desc, q.get('labelSelector') ?? undefined, q.get('fieldSelector') ?? undefined);
  const limit = intParam(q, 'limit');
  const prefix = storagePrefix(desc, info.namespace || undefined);
  // Kubernetes' keys have no trailing slash before the name: tokens resume at "/<name>\0"
  const base = prefix.slice(0, -1);

  let rev: number | undefined;
  let after: string | undefined;
  const token = q.get('continue');
  const rv = q.get('resourceVersion');
  if (token) {
    if (rv && rv !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    const t = decodeContinue(token);
    // a token below the compaction point: the list's 410 below, in the continue's words
    rev = t.rv;
    after = base + t.start.replace(/\u0000$/, '');
  } else if (rv && rv !== '0') {
    const n = Number(rv);
    // a revision is a uint64: past it, the value is not one (Go's ParseUint fails), not too large
    if (!Number.isInteger(n) || n < 0 || !/^\d+$/.test(rv) || BigInt(rv) > 0xffffffffffffffffn) throw badRequest(`invalid resource version: ${JSON.stringify(rv)}`);
    if (q.get('resourceVersionMatch') === 'Exact') rev = n;
    else if (n > (await storage.currentRev())) throw timeout(`Too large resource version: ${n}, current: ${await storage.currentRev()}`);
  }

  let result;
  try {
    // across namespaces the name is not the key's next segment: no narrowing there
    const scan = !desc.namespaced || info.namespace ? prefix + namePinned(q.get('fieldSelector')) : prefix;
    result = await storage.list(scan, { rev, after, limit: limit && limit > 0 ? limit : undefined, filter });
  } catch (e) {
    if (token && (e as { code?: number }).code === 410) throw expired(TOO_OLD_CONTINUE);
    throw e;
  }
  const meta: ListMeta = { resourceVersion: String(result.rev) };
  if (result.lastKey !== undefined) {
    meta.continue = encodeContinue({ v: 'meta.k8s.io/v1', rv: result.rev, start: result.lastKey.slice(base.length) + '\u0000' });
    if (result.remaining !== undefined) meta.remainingItemCount = result.remaining;
  }

  const rep = negotiate(c.req.header('Accept'));
  if (rep.as === 'table') return json(c, tableOf(desc, result.items, { version: rep.version, includeObject: includeObject(q) }, meta), 200, tableType(rep.version));
  return jsonText(c, listText(desc, result.items, meta));
}

/**
 * Each listed object's JSON, made once per object: the list copy (cache/list-cache.ts) hands out
 * the same objects until they change (a change replaces an object, never alters it), so a list of
 * a thousand pods mostly joins texts already made instead of serializing every pod again.
 */
const itemTexts = new WeakMap<KubeObject, string>();

function listText(desc: KindDescriptor, items: KubeObject[], metadata: ListMeta): string {
  const { items: _, ...head } = listOf(desc, [], metadata);
  const texts = items.map((o) => {
    let text = itemTexts.get(o);
    if (text === undefined) itemTexts.set(o, (text = JSON.stringify(listItem(desc, o))));
    return text;
  });
  return `${JSON.stringify(head).slice(0, -1)},"items":[${texts.join(',')}]}`;
}

/**
 * The name a field selector pins (`metadata.name=x`, alone): the scan then starts at that key
 * instead of reading the whole namespace (the filter still checks the name). Controllers' cache
 * reads are lists by name, as informers' are.
 */
function namePinned(fieldSelector: string | null): string {
  const m = /^metadata\.name==?([^,=!]+)$/.exec(fieldSelector?.trim() ?? '');
  return m ? m[1] : '';
}

/** `<Kind>List`; items carry no apiVersion/kind, as Kubernetes encodes typed lists. */
export function listOf(desc: KindDescriptor, items: KubeObject[], metadata: ListMeta) {
  return {
    kind: `${desc.kind}List`,
    apiVersion: desc.group ? `${desc.group}/${desc.version}` : desc.version,
    metadata,
    items: items.map((o) => listItem(desc, o)),
  };
}

/** custom resources are unstructured: their items keep apiVersion and kind, as Kubernetes serves them */
const listItem = (desc: KindDescriptor, o: KubeObject) => {
  if (desc.customResource) return o;
  const { apiVersion: _a, kind: _k, ...rest } = o;
  return rest;
};
