/**
 * Kubernetes' URLs library (library/urls.go): url(s), isURL(s), and on a URL getScheme,
 * getHost, getHostname, getPort, getEscapedPath, getQuery. Parsing follows Go's url.ParseRequestURI
 * in its main lines: an absolute URL, or an absolute path.
 */
import { celFunc, celMethod, CelScalar, listType, mapType } from '@bufbuild/cel';
import { fieldsOf, make, T, URL_ } from './opaque.ts';

const { STRING, BOOL } = CelScalar;

interface Parts {
  scheme: string;
  host: string;
  hostname: string;
  port: string;
  path: string;
  query: string;
}

/** Go's url.ParseRequestURI in its main lines: the URL's parts, or the error's text. */
export function parse(s: string): Parts | string {
  if (!s) return 'parse "": empty url';
  if (s.startsWith('/')) {
    const [path, query = ''] = s.split('?', 2);
    return { scheme: '', host: '', hostname: '', port: '', path, query };
  }
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?/.exec(s);
  if (!m) return `parse "${s}": invalid URI for request`;
  const host = m[3] ?? '';
  const hm = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host.replace(/^[^@]*@/, ''));
  if (!hm) return `parse "${s}": invalid port`;
  const hostname = hm[1].replace(/^\[|\]$/g, '');
  return { scheme: m[1], host, hostname, port: hm[2] ?? '', path: m[4], query: m[6] ?? '' };
}

const parts = (u: unknown): Parts => parse(fieldsOf<{ value: string }>(u).value) as Parts;

function query(q: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of q.split('&')) {
    if (!pair) continue;
    const [k, v = ''] = pair.split('=', 2);
    const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
    const key = dec(k);
    out.set(key, [...(out.get(key) ?? []), dec(v)]);
  }
  return out;
}

export const urlFuncs = [
  celFunc('url', [STRING], T.url, (s) => {
    const p = parse(s);
    if (typeof p === 'string') throw new Error(`URL parse error during conversion from string: ${p}`);
    return make(URL_, { value: s }) as never;
  }),
  celFunc('isURL', [STRING], BOOL, (s) => typeof parse(s) !== 'string'),
  celMethod('getScheme', T.url, [], STRING, function () {
    return parts(this).scheme;
  }),
  celMethod('getHost', T.url, [], STRING, function () {
    return parts(this).host;
  }),
  celMethod('getHostname', T.url, [], STRING, function () {
    return parts(this).hostname;
  }),
  celMethod('getPort', T.url, [], STRING, function () {
    return parts(this).port;
  }),
  celMethod('getEscapedPath', T.url, [], STRING, function () {
    return parts(this).path;
  }),
  celMethod('getQuery', T.url, [], mapType(STRING, listType(STRING)), function () {
    return query(parts(this).query) as never;
  }),
];
