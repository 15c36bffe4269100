/**
 * metrics.k8s.io/v1beta1, served as metrics-server serves it through its APIService: NodeMetrics
 * and PodMetrics, read-only (get, list), with label selectors and `metadata.name` field
 * selectors. Nothing is stored: each request asks the nodes concerned, through their tunnels
 * (durable/node-tunnel.ts `stats`), for their usage — every listed node for nodes, and for pods
 * only the nodes running the selected pods, side by side. A node whose agent is not connected or
 * does not answer in time has no metrics, as a node metrics-server cannot scrape. Objects carry
 * the labels of their node or pod, as metrics-server's do.
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { METRICS_GROUP, nodeMetricsSchema, podMetricsSchema, type NodeMetrics, type PodMetrics } from '../../../lib/api/metrics.ts';
import type { NodeStats } from '../../../lib/tunnel/protocol.ts';
import { methodNotAllowed, notFound, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import { byResource, storagePrefix } from '../registry/index.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { objectFilter } from '../rest/filter.ts';
import { tunnelFor } from '../nodes/tunnel.ts';
import { json } from '../handlers/respond.ts';
import { goDuration, usage } from './format.ts';

const VERSION = 'v1beta1';
const API_VERSION = `${METRICS_GROUP}/${VERSION}`;

const resource = (name: string, kind: string, namespaced: boolean, schema: VirtualResource['schema']): VirtualResource => ({
  group: METRICS_GROUP,
  version: VERSION,
  resource: name,
  kind,
  namespaced,
  verbs: ['get', 'list'],
  schema,
  openapiName: `io.k8s.metrics.pkg.apis.metrics.v1beta1.${kind}`,
});

export const metricsResources: VirtualResource[] = [resource('nodes', 'NodeMetrics', false, nodeMetricsSchema), resource('pods', 'PodMetrics', true, podMetricsSchema)];

export const isMetricsRequest = (info: ResourceRequestInfo) => info.group === METRICS_GROUP && info.version === VERSION && (info.resource === 'nodes' || info.resource === 'pods');

export async function metricsHandler(c: Context<AppEnv>): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  if (info.subresource) throw resourceNotFound();
  if (info.verb !== 'get' && info.verb !== 'list') throw methodNotAllowed();
  return info.resource === 'nodes' ? nodeMetrics(c, info) : podMetrics(c, info);
}

async function nodeMetrics(c: Context<AppEnv>, info: ResourceRequestInfo): Promise<Response> {
  if (info.namespace) throw resourceNotFound();
  const nodes = await listed(c, byResource('', 'v1', 'nodes')!, undefined, info);
  const stats = await askNodes(c, nodes.map((n) => n.metadata.name!));
  const items: NodeMetrics[] = [];
  for (const n of nodes) {
    const s = stats.get(n.metadata.name!)?.node;
    if (!s) continue;
    items.push({ kind: 'NodeMetrics', apiVersion: API_VERSION, metadata: metadataOf(n), timestamp: s.timestamp, window: goDuration(s.windowSeconds), usage: usage(s.cpuNanoCores, s.memoryBytes) });
  }
  return answer(c, info, 'nodes', 'NodeMetricsList', items);
}

async function podMetrics(c: Context<AppEnv>, info: ResourceRequestInfo): Promise<Response> {
  const pods = (await listed(c, byResource('', 'v1', 'pods')!, info.namespace || undefined, info)).filter((p) => (p.spec as { nodeName?: string } | undefined)?.nodeName);
  const nodeOf = (p: KubeObject) => (p.spec as { nodeName: string }).nodeName;
  const stats = await askNodes(c, [...new Set(pods.map(nodeOf))]);
  const items: PodMetrics[] = [];
  for (const p of pods) {
    const s = stats.get(nodeOf(p))?.pods.find((x) => x.namespace === p.metadata.namespace && x.name === p.metadata.name);
    if (!s) continue;
    items.push({
      kind: 'PodMetrics',
      apiVersion: API_VERSION,
      metadata: metadataOf(p),
      timestamp: s.timestamp,
      window: goDuration(s.windowSeconds),
      containers: s.containers.map((ct) => ({ name: ct.name, usage: usage(ct.cpuNanoCores, ct.memoryBytes) })),
    });
  }
  return answer(c, info, 'pods', 'PodMetricsList', items);
}

/** The nodes or pods the request selects (a get: the one named). */
async function listed(c: Context<AppEnv>, desc: KindDescriptor, namespace: string | undefined, info: ResourceRequestInfo): Promise<KubeObject[]> {
  const q = new URL(c.req.url).searchParams;
  const fields = [q.get('fieldSelector'), info.name ? `metadata.name=${info.name}` : ''].filter(Boolean).join(',');
  const filter = objectFilter(desc, q.get('labelSelector') ?? undefined, fields || undefined);
  return (await c.get('storage').list(storagePrefix(desc, namespace), { filter })).items;
}

/** Each node's stats, asked side by side; nodes that cannot answer are left out. */
async function askNodes(c: Context<AppEnv>, nodes: string[]): Promise<Map<string, NodeStats>> {
  const out = new Map<string, NodeStats>();
  await Promise.all(
    nodes.map(async (node) => {
      try {
        const r = await tunnelFor(c.env, c.get('cluster'), node).stats(node);
        if (r.ok) out.set(node, r.value);
      } catch {
        // a tunnel object that failed: this node has no metrics now
      }
    }),
  );
  return out;
}

function metadataOf(o: KubeObject): KubeObject['metadata'] {
  const { name, namespace, labels } = o.metadata;
  // metrics-server stamps the time it answered
  return { name, ...(namespace ? { namespace } : {}), creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), ...(labels ? { labels } : {}) };
}

function answer(c: Context<AppEnv>, info: ResourceRequestInfo, resource: string, listKind: string, items: KubeObject[]): Response {
  if (info.name) {
    if (!items[0]) throw notFound({ group: METRICS_GROUP, resource }, info.name);
    return json(c, items[0]);
  }
  return json(c, { kind: listKind, apiVersion: API_VERSION, metadata: {}, items });
}
