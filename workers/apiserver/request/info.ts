/**
 * RequestInfo: what a request is about, read from its method, path and query, as Kubernetes'
 * RequestInfoFactory does. Everything after this step (authorization, metrics, handlers) works
 * on RequestInfo, never on the raw URL.
 */
export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection' | 'proxy' | 'connect';

export interface ResourceRequestInfo {
  isResourceRequest: true;
  /** Kubernetes verb */
  verb: Verb;
  path: string;
  /** 'api' (core) or 'apis' */
  prefix: 'api' | 'apis';
  group: string;
  version: string;
  /** '' when the request is cluster-wide or cluster-scoped */
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
}

export interface NonResourceRequestInfo {
  isResourceRequest: false;
  verb: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  path: string;
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const boolParam = (q: URLSearchParams, k: string) => {
  const v = q.get(k);
  return v !== null && v !== '0' && v.toLowerCase() !== 'false';
};

export function requestInfo(method: string, url: URL): RequestInfo {
  const path = url.pathname;
  // every request passes here: a plain loop, and only a segment with an escape is decoded
  const parts: string[] = [];
  for (const p of path.split('/')) if (p !== '') parts.push(p.includes('%') ? decodeURIComponent(p) : p);
  const lower = method.toLowerCase();
  const nonResource = (): NonResourceRequestInfo => ({ isResourceRequest: false, verb: lower as NonResourceRequestInfo['verb'], path });

  let prefix: 'api' | 'apis';
  let group = '';
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 2) {
    prefix = 'api';
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 3) {
    prefix = 'apis';
    group = parts[1];
    rest = parts.slice(3);
  } else return nonResource();
  const version = prefix === 'api' ? parts[1] : parts[2];
  // /api/v1 and /apis/<g>/<v> are discovery, not resources (as Kubernetes' RequestInfoFactory says)
  if (rest.length === 0) return nonResource();

  let namespace = '';
  // /namespaces/{ns}/{resource}... ; /namespaces/{ns} alone, and its status and finalize
  // subresources, are the namespace object itself
  if (rest[0] === 'namespaces' && rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2])) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const resource = rest[0] ?? '';
  const name = rest[1] ?? '';
  const subresource = rest[2] ?? '';
  if (rest.length > 3 && subresource !== 'proxy') return nonResource();
  // a namespace object's own name doubles as its namespace (Kubernetes does the same)
  if (resource === 'namespaces' && name && !namespace) namespace = name;

  let verb: Verb;
  const q = url.searchParams;
  switch (lower) {
    case 'get':
    case 'head':
      verb = boolParam(q, 'watch') ? 'watch' : name ? 'get' : 'list';
      if (subresource === 'exec' || subresource === 'attach' || subresource === 'portforward') verb = 'get';
      break;
    case 'post':
      verb = 'create';
      break;
    case 'put':
      verb = 'update';
      break;
    case 'patch':
      verb = 'patch';
      break;
    case 'delete':
      verb = name ? 'delete' : 'deletecollection';
      break;
    default:
      verb = 'connect';
  }
  return { isResourceRequest: true, verb, path, prefix, group, version, namespace, resource, subresource, name };
}
