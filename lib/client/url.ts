/**
 * An API path under a server URL that may have a path of its own: a tenant cluster's server is
 * `https://host:port/clusters/<name>`, under which `/api/v1/pods` is
 * `https://host:port/clusters/<name>/api/v1/pods` (kubectl joins them so too). `new URL(path,
 * base)` would drop the base's path.
 */
export function apiUrl(server: string, path: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return new URL(path);
  const base = new URL(server);
  const url = new URL(path, base.origin);
  url.pathname = base.pathname.replace(/\/+$/, '') + url.pathname;
  return url;
}
