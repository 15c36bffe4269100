/**
 * A request's URL, parsed once per Request object: the pipeline's steps (cluster addressing,
 * request info, authorization's query) and the handlers (options in the query) each need it,
 * and `new URL` per step was ~2 % of the apiserver's CPU per create. The URL returned is shared:
 * read it, never change it (copy it first: `new URL(url)`).
 */
const parsed = new WeakMap<Request, URL>();

export function requestUrl(req: Request): URL {
  let url = parsed.get(req);
  if (url === undefined) parsed.set(req, (url = new URL(req.url)));
  return url;
}
