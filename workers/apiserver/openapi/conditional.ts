/**
 * An OpenAPI document answered as Go's http.ServeContent answers it for kube-openapi: with its
 * ETag and Last-Modified, a 304 when the client's If-None-Match (or, without one,
 * If-Modified-Since) says it has this version, and always a Date. kubectl's HTTP cache
 * (gregjones/httpcache) counts a response without Date as stale whatever its Expires says, so
 * without it kubectl downloads the hash-addressed, "immutable" v3 documents again on every
 * command (two, 450 kB, for an apply of a Deployment and a Service). Go's server dates every
 * response; workerd's does not, and the local runtime pipes workerd's bytes unchanged.
 */

export interface Representation {
  body: BodyInit;
  /** quoted */
  etag: string;
  /** an HTTP date; none where the content may change without the isolate knowing when */
  lastModified?: string;
  headers: Record<string, string>;
}

/** The current second as an HTTP date (Last-Modified and If-Modified-Since have no finer unit). */
export const httpDate = (ms = Date.now()) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();

function notModified(req: Headers, r: Pick<Representation, 'etag' | 'lastModified'>): boolean {
  const inm = req.get('If-None-Match');
  if (inm !== null) return inm.split(',').some((t) => t.trim() === r.etag || t.trim() === '*');
  const ims = req.get('If-Modified-Since');
  return ims !== null && r.lastModified !== undefined && Date.parse(ims) >= Date.parse(r.lastModified);
}

export function serveContent(req: Headers, r: Representation): Response {
  const date = httpDate();
  if (notModified(req, r)) {
    // as ServeContent: the caching headers stay, the body's own and Last-Modified (there is an ETag) go
    const { 'Content-Type': _type, ...kept } = r.headers;
    return new Response(null, { status: 304, headers: { ...kept, ETag: r.etag, Date: date } });
  }
  const lastModified: Record<string, string> = r.lastModified ? { 'Last-Modified': r.lastModified } : {};
  return new Response(r.body, { headers: { ...r.headers, ETag: r.etag, ...lastModified, Date: date } });
}
