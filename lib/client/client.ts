/**
 * A small Kubernetes API client over `fetch`, shared by the controllers (through a service
 * binding), the node agent and the benchmarks. Errors are `ApiError`s carrying the server's
 * Status, so callers branch on `code` (409 conflict → re-read and retry, 404 → gone).
 */
import type { KubeObject, Status, WatchEvent } from '../api/meta.ts';
import { resourcePath, type Resource } from './resources.ts';
import { apiUrl } from './url.ts';

export type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** e.g. https://127.0.0.1:6443, https://127.0.0.1:6443/clusters/alice, or http://api for a service binding */
  baseUrl: string;
  fetch?: Fetch;
  /** bearer token, or a function returning a fresh one */
  token?: string | (() => Promise<string>);
  userAgent?: string;
  /** managedFields manager for writes */
  fieldManager?: string;
}

export class ApiError extends Error {
  constructor(readonly code: number, readonly status: Status | undefined, message: string) {
    super(message);
  }
  get reason() {
    return this.status?.reason;
  }
}

export const isNotFound = (e: unknown) => e instanceof ApiError && e.code === 404;
export const isConflict = (e: unknown) => e instanceof ApiError && e.code === 409;

export type PatchType = 'merge' | 'strategic' | 'json' | 'apply';
const PATCH_CONTENT: Record<PatchType, string> = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  resourceVersion?: string;
}

export interface List<T> {
  items: T[];
  resourceVersion: string;
}

export interface DeleteOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
}

/** A client's verbs, what its users call: an ApiClient, or a wrapper or a test's fake that provides them. */
export type Api = Pick<ApiClient, 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete' | 'post' | 'request'>;

export class ApiClient {
  private readonly fetcher: Fetch;
  constructor(readonly opts: ClientOptions) {
    this.fetcher = opts.fetch ?? ((i, init) => fetch(i, init));
  }

  private async headers(): Promise<Headers> {
    const headers = new Headers({ Accept: 'application/json' });
    if (this.opts.userAgent) headers.set('User-Agent', this.opts.userAgent);
    const token = typeof this.opts.token === 'function' ? await this.opts.token() : this.opts.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }

  /** `accept`: another media type than JSON objects (aggregated discovery's) */
  async request(method: string, path: string, init: { body?: unknown; contentType?: string; accept?: string; query?: Record<string, string | undefined> } = {}): Promise<Response> {
    const url = apiUrl(this.opts.baseUrl, path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    if (this.opts.fieldManager && method !== 'GET' && method !== 'DELETE' && !url.searchParams.has('fieldManager')) url.searchParams.set('fieldManager', this.opts.fieldManager);
    const headers = await this.headers();
    if (init.accept) headers.set('Accept', init.accept);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set('Content-Type', init.contentType ?? 'application/json');
    }
    const res = await this.fetcher(url.toString(), { method, headers, body });
    if (!res.ok) {
      const text = await res.text();
      let status: Status | undefined;
      try {
        status = JSON.parse(text) as Status;
      } catch {
        status = undefined;
      }
      throw new ApiError(res.status, status, `${method} ${path}: ${res.status} ${status?.message ?? text}`);
    }
    return res;
  }

  private async json<T>(method: string, path: string, init?: Parameters<ApiClient['request']>[2]): Promise<T> {
    return (await (await this.request(method, path, init)).json()) as T;
  }

  /** The object, or undefined when it does not exist. */
  async get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined> {
    try {
      return await this.json<T>('GET', resourcePath(res, namespace, name));
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** Every page of a list, at one resourceVersion. */
  async list<T extends KubeObject>(res: Resource, opts: ListOptions = {}): Promise<List<T>> {
    const items: T[] = [];
    let cont: string | undefined;
    let resourceVersion = '';
    do {
      const page = await this.json<{ kind?: string; apiVersion?: string; items: T[]; metadata: { resourceVersion: string; continue?: string } }>('GET', resourcePath(res, opts.namespace), {
        query: { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector, limit: opts.limit ? String(opts.limit) : undefined, continue: cont, resourceVersion: cont ? undefined : opts.resourceVersion },
      });
      // a typed list's items carry no kind: give them the one the list names, as a typed decoder would
      const kind = page.kind?.replace(/List$/, '');
      for (const item of page.items) items.push(kind ? { apiVersion: page.apiVersion, kind, ...item } : item);
      resourceVersion = page.metadata.resourceVersion;
      cont = page.metadata.continue || undefined;
    } while (cont);
    return { items, resourceVersion };
  }

  create<T extends KubeObject>(res: Resource, namespace: string | undefined, obj: T): Promise<T> {
    return this.json<T>('POST', resourcePath(res, namespace), { body: obj });
  }

  /** PUT; the object's metadata.resourceVersion makes it conditional. */
  update<T extends KubeObject>(res: Resource, obj: T, subresource?: string): Promise<T> {
    return this.json<T>('PUT', resourcePath(res, obj.metadata.namespace, obj.metadata.name, subresource), { body: obj });
  }

  patch<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string, patch: unknown, type: PatchType = 'merge', subresource?: string, query?: Record<string, string>): Promise<T> {
    return this.json<T>('PATCH', resourcePath(res, namespace, name, subresource), { body: patch, contentType: PATCH_CONTENT[type], query });
  }

  /** DELETE; resolves to false when the object was already gone. */
  async delete(res: Resource, namespace: string | undefined, name: string, opts: DeleteOptions = {}): Promise<boolean> {
    try {
      await this.request('DELETE', resourcePath(res, namespace, name), { body: { kind: 'DeleteOptions', apiVersion: 'v1', ...opts } });
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  /** POST to a subresource (pods/binding, pods/eviction). */
  post<T>(res: Resource, namespace: string | undefined, name: string, subresource: string, body: unknown): Promise<T> {
    return this.json<T>('POST', resourcePath(res, namespace, name, subresource), { body });
  }

  /**
   * A watch stream: calls `onEvent` for each event until the server ends the stream, the signal
   * aborts, or `onEvent` returns false. Resolves when the stream ends; errors reject.
   */
  async watch<T extends KubeObject>(
    res: Resource,
    opts: ListOptions & { allowWatchBookmarks?: boolean; timeoutSeconds?: number; signal?: AbortSignal },
    onEvent: (e: WatchEvent<T>) => boolean | void | Promise<boolean | void>,
  ): Promise<void> {
    const url = apiUrl(this.opts.baseUrl, resourcePath(res, opts.namespace));
    const q: Record<string, string | undefined> = {
      watch: 'true',
      labelSelector: opts.labelSelector,
      fieldSelector: opts.fieldSelector,
      resourceVersion: opts.resourceVersion,
      allowWatchBookmarks: opts.allowWatchBookmarks ? 'true' : undefined,
      timeoutSeconds: opts.timeoutSeconds !== undefined ? String(opts.timeoutSeconds) : undefined,
    };
    const headers = await this.headers();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) url.searchParams.set(k, v);
    const res2 = await this.fetcher(url.toString(), { headers, signal: opts.signal });
    if (!res2.ok || !res2.body) throw new ApiError(res2.status, undefined, `watch ${url.pathname}: ${res2.status} ${await res2.text()}`);
    const reader = res2.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let i;
        while ((i = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, i).trim();
          buffer = buffer.slice(i + 1);
          if (line && (await onEvent(JSON.parse(line) as WatchEvent<T>)) === false) return;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }
}
