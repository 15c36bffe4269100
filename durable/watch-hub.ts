/**
 * WatchHub: the Durable Object that holds one resource's watch streams (one hub per cluster and
 * resource, named `<cluster>/<group>/<resource>`) and feeds them from the log. It reads its
 * cluster's keys only (storage/scoped.ts), and exists only while someone watches: an idle cluster
 * has none. The fan-out itself, and its contract, is watch-fanout.ts.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import { connectStorage } from '../workers/apiserver/storage/connect.ts';
import { scopedStorage } from '../workers/apiserver/storage/scoped.ts';
import type { Storage } from '../workers/apiserver/storage/types.ts';
import { byResource } from '../workers/apiserver/registry/index.ts';
import { customKind } from '../workers/apiserver/crd/custom-kind.ts';
import type { CustomResourceDefinition } from '../lib/api/apiextensions.ts';
import { WatchFanout, type WatchSpec } from './watch-fanout.ts';

export type { WatchSpec } from './watch-fanout.ts';

export class WatchHub extends DurableObject<Env> {
  private storage_: Storage | undefined;
  /** set by the first watch: a hub serves one cluster, named in every spec */
  private cluster: string | undefined;
  private readonly fanout = new WatchFanout(() => ({ storage: this.store, cluster: this.cluster!, webhookBindings: this.env }));

  /** The log as the hub's cluster sees it (scoped.ts). */
  private get store(): Storage {
    if (this.cluster === undefined) throw new Error('watch hub: no watch has named the cluster yet');
    return (this.storage_ ??= scopedStorage(connectStorage(this.env), this.cluster));
  }

  /** The log moved (a commit happened). Answers how many watch. */
  async poke(_rev: number): Promise<number> {
    return this.fanout.poke();
  }

  override async fetch(request: Request): Promise<Response> {
    const spec = (await request.json()) as WatchSpec;
    const desc = byResource(spec.group, spec.version, spec.resource) ?? (spec.crd ? customKind(spec.crd as CustomResourceDefinition, spec.version) : undefined);
    if (!desc) return new Response('unknown resource', { status: 404 });
    this.cluster ??= spec.cluster;
    if (spec.cluster !== this.cluster) return new Response(`this hub serves cluster "${this.cluster}", not "${spec.cluster}"`, { status: 400 });
    const body = this.fanout.open(spec, desc);
    const contentType = spec.table ? `application/json;as=Table;v=${spec.table.version};g=meta.k8s.io` : 'application/json';
    // identity: a compressed stream would hold events back until the compressor's buffer fills
    return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Encoding': 'identity' } });
  }
}
