/**
 * Request metrics with Kubernetes' names and labels (apiserver_request_total,
 * apiserver_request_duration_seconds). Each isolate accumulates its samples and flushes them to
 * the Metrics Durable Objects (recorder.ts), so /metrics counts the requests of every isolate.
 */
import type { ResourceRequestInfo, RequestInfo } from '../request/info.ts';

export interface RequestLabels {
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  scope: string;
  component: 'apiserver';
  dry_run: string;
}

export interface Sample {
  labels: RequestLabels;
  code: number;
  seconds: number;
}

/** A sample as sent to a Metrics object, which counts several clusters' requests apart. */
export interface ClusterSample extends Sample {
  cluster: string;
}

/** Kubernetes reports verbs in upper case, with LIST/WATCH/APPLY told apart from GET/PATCH. */
function metricVerb(info: RequestInfo, contentType: string | undefined): string {
  if (!info.isResourceRequest) return info.verb.toUpperCase();
  switch (info.verb) {
    case 'get':
      return 'GET';
    case 'list':
      return 'LIST';
    case 'watch':
      return 'WATCH';
    case 'create':
      return info.subresource === 'exec' || info.subresource === 'portforward' ? 'CONNECT' : 'POST';
    case 'update':
      return 'PUT';
    case 'patch':
      return contentType?.startsWith('application/apply-patch') ? 'APPLY' : 'PATCH';
    case 'delete':
      return 'DELETE';
    case 'deletecollection':
      return 'DELETECOLLECTION';
    default:
      return 'CONNECT';
  }
}

/** Kubernetes' CleanScope: a create names the object it makes, so it counts as "resource". */
function scopeOf(info: ResourceRequestInfo): string {
  if (info.name || info.verb === 'create') return 'resource';
  if (info.namespace && info.resource !== 'namespaces') return 'namespace';
  return 'cluster';
}

export function labelsFor(info: RequestInfo, contentType: string | undefined, dryRun: boolean): RequestLabels {
  const base = { verb: metricVerb(info, contentType), component: 'apiserver' as const, dry_run: dryRun ? 'All' : '' };
  if (!info.isResourceRequest) return { ...base, group: '', version: '', resource: '', subresource: '', scope: '' };
  return { ...base, group: info.group, version: info.version, resource: info.resource, subresource: info.subresource, scope: scopeOf(info) };
}

/** Kubernetes' buckets for apiserver_request_duration_seconds. */
export const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
