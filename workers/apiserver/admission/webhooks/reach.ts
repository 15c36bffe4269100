/**
 * Reaching a webhook, and what kube-apiserver's client makes of the answer.
 *
 * - `url`: locally through the WEBHOOK_CALLER binding (Node makes the call with the caBundle,
 *   local/webhook-caller.ts); without it (production) with the Worker's fetch, which trusts only
 *   public roots, so the webhook needs a publicly trusted certificate there.
 * - `service`: the Service's port, then a ready endpoint of its EndpointSlices, then the tunnel of
 *   the node that runs it (the endpoint's nodeName, or its pod's): the node agent makes the HTTPS
 *   call, trusting the caBundle and checking `<service>.<namespace>.svc`. This reaches a webhook on
 *   a laptop behind NAT, and works the same in production.
 *
 * Every call carries `?timeout=<timeoutSeconds>s`, as Kubernetes' does, and is abandoned at that
 * deadline. Errors are client-go's words: `Post "<url>": <transport error>`, a non-2xx answer's
 * Status message, a body that is not JSON; each caller prefixes its own (admission's `failed to
 * call webhook: `, conversion's `conversion webhook for <GVK> failed: `).
 *
 * Admission webhooks and CRD conversion webhooks are reached the same way.
 */
import type { Webhook } from '../../../../lib/api/admissionregistration/webhooks.ts';
import type { EndpointSlice } from '../../../../lib/api/discovery.ts';
import type { Service } from '../../../../lib/api/core/service.ts';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import type { Storage } from '../../storage/types.ts';
import { CA_BUNDLE_HEADER, ERROR_HEADER, TIMEOUT_HEADER, URL_HEADER } from './caller-protocol.ts';
import type { WebhookBindings } from './types.ts';

interface WebhookAnswer {
  status: number;
  body: string;
}

/** Where a webhook is and how long it is given: an admission webhook's fields, a conversion webhook's. */
export type WebhookTarget = Pick<Webhook, 'clientConfig' | 'timeoutSeconds'>;

/** No usable answer: unreachable, a non-2xx status, or not JSON (the message in client-go's words). */
export class WebhookCallError extends Error {}

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/** The URL Kubernetes posts to (and quotes in its errors). */
export function webhookUrl(hook: WebhookTarget): string {
  const cc = hook.clientConfig;
  const timeout = `timeout=${hook.timeoutSeconds ?? 10}s`;
  if (cc.url) return `${cc.url}?${timeout}`;
  const s = cc.service!;
  const path = s.path ?? '';
  return `https://${s.name}.${s.namespace}.svc:${s.port ?? 443}${path.startsWith('/') || path === '' ? path : `/${path}`}?${timeout}`;
}

const pemOf = (caBundle: string | undefined) => (caBundle ? atob(caBundle) : undefined);

/** Posts a review to the webhook; its answer's JSON body. */
export async function postReview(env: WebhookBindings, storage: Storage, cluster: string, hook: WebhookTarget, body: string): Promise<unknown> {
  const url = webhookUrl(hook);
  const timeoutMs = (hook.timeoutSeconds ?? 10) * 1000;
  const answer = hook.clientConfig.url ? await byUrl(env, hook, url, body, timeoutMs) : await byService(env, storage, cluster, hook, url, body, timeoutMs);
  if ('error' in answer) throw new WebhookCallError(`Post ${JSON.stringify(url)}: ${answer.error}`);
  if (answer.status < 200 || answer.status > 299) throw new WebhookCallError(serverError(answer.status, answer.body));
  try {
    return JSON.parse(answer.body);
  } catch (e) {
    throw new WebhookCallError(`couldn't get version/kind; json parse error: ${(e as Error).message}`);
  }
}

/** client-go's error for a non-2xx answer that is not a Status. */
function serverError(code: number, body: string): string {
  try {
    const s = JSON.parse(body) as { kind?: string; message?: string };
    if (s.kind === 'Status' && s.message) return s.message;
  } catch {
    // not JSON
  }
  if (code === 404) return 'the server could not find the requested resource';
  if (code === 401) return 'Unauthorized';
  if (code === 403) return 'forbidden';
  if (code === 400) return 'the server rejected our request for an unknown reason';
  const text = body.trim();
  return text ? `an error on the server (${JSON.stringify(text)}) has prevented the request from succeeding` : 'an error on the server ("unknown") has prevented the request from succeeding';
}

type Outcome = WebhookAnswer | { error: string };

async function byUrl(env: WebhookBindings, hook: WebhookTarget, url: string, body: string, timeoutMs: number): Promise<Outcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, */*' };
  const caller = env.WEBHOOK_CALLER;
  if (caller) {
    headers[URL_HEADER] = url;
    if (hook.clientConfig.caBundle) headers[CA_BUNDLE_HEADER] = hook.clientConfig.caBundle;
    headers[TIMEOUT_HEADER] = String(timeoutMs);
  }
  try {
    const res = await (caller ?? globalThis).fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs + (caller ? 1000 : 0)) });
    const text = await res.text();
    if (caller && res.headers.get(ERROR_HEADER)) return { error: text };
    return { status: res.status, body: text };
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { error: 'context deadline exceeded' };
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

async function byService(env: WebhookBindings, storage: Storage, cluster: string, hook: WebhookTarget, url: string, body: string, timeoutMs: number): Promise<Outcome> {
  const ref = hook.clientConfig.service!;
  const port = ref.port ?? 443;
  const target = await endpointOf(storage, ref.namespace, ref.name, port);
  if ('error' in target) return target;
  const path = url.slice(url.indexOf('/', 'https://'.length));
  const call = { host: target.address, port: target.port, path, serverName: `${ref.name}.${ref.namespace}.svc`, caPem: pemOf(hook.clientConfig.caBundle), body, timeoutMs };
  const tunnel = env.NODE_TUNNEL.get(env.NODE_TUNNEL.idFromName(`${cluster}/${target.node}`));
  const deadline = new Promise<Outcome>((r) => setTimeout(() => r({ error: 'context deadline exceeded' }), timeoutMs + 1500));
  const reply = tunnel.webhook(target.node, call).then((r): Outcome => (r.ok ? r.value : { error: r.error.message }));
  return Promise.race([reply, deadline]);
}

interface Endpoint {
  address: string;
  port: number;
  node: string;
}

/** The Service's port, then the first ready endpoint of its EndpointSlices that has a node. */
async function endpointOf(storage: Storage, namespace: string, name: string, port: number): Promise<Endpoint | { error: string }> {
  const svc = (await storage.get(`/registry/services/${namespace}/${name}`)) as Service | undefined;
  if (!svc) return { error: `service "${name}" not found` };
  const sp = (svc.spec?.ports ?? []).find((p) => p.port === port);
  if (!sp) return { error: `unable to find service port ${port} on service ${namespace}/${name}` };
  const { items } = await storage.list(`/registry/endpointslices.discovery.k8s.io/${namespace}/`);
  const slices = (items as EndpointSlice[]).filter((s) => s.metadata.labels?.[SERVICE_NAME_LABEL] === name);
  for (const slice of slices) {
    const ep = (slice.ports ?? []).find((p) => (p.name ?? '') === (sp.name ?? ''));
    const epPort = ep?.port ?? (typeof sp.targetPort === 'number' ? sp.targetPort : sp.port);
    for (const e of slice.endpoints ?? []) {
      if (e.conditions?.ready === false || !e.addresses?.length) continue;
      const node = e.nodeName ?? (await podNode(storage, e.targetRef));
      if (node) return { address: e.addresses[0], port: epPort, node };
    }
  }
  const anyEndpoint = slices.some((s) => (s.endpoints ?? []).some((e) => e.conditions?.ready !== false));
  if (anyEndpoint) return { error: `no endpoint of service "${name}" names its node: a service webhook is reached through the tunnel of the node that runs it (set the endpoint's nodeName)` };
  return { error: `no endpoints available for service "${name}"` };
}

async function podNode(storage: Storage, ref: { kind?: string; namespace?: string; name?: string } | undefined): Promise<string | undefined> {
  if (ref?.kind !== 'Pod' || !ref.name) return undefined;
  const pod = (await storage.get(`/registry/pods/${ref.namespace}/${ref.name}`)) as (KubeObject & { spec?: { nodeName?: string } }) | undefined;
  return pod?.spec?.nodeName;
}
