/**
 * Stopping containers as the kubelet does: the Killing event, the preStop hook (bounded by the
 * grace period), then StopContainer with what is left of the grace period (at least 2 s after a
 * hook, as the kubelet grants), after which the runtime kills. For a whole pod, app containers
 * stop together, then sidecars one by one in reverse order, then whatever init container runs.
 */
import type { Pod } from '../../lib/api/core/pod.ts';
import type { Runtime } from '../runtime/types.ts';
import { runHook, type HookHandler } from './hooks.ts';
import { isRunning, type ContainerView } from './view.ts';

const MIN_GRACE_AFTER_HOOK_MS = 2000;

export interface KillContext {
  runtime: Runtime;
  pod: Pod;
  podIP: string;
  events: {
    normal(v: ContainerView, reason: string, message: string): void;
    warning(v: ContainerView, reason: string, message: string): void;
  };
  signal?: AbortSignal;
}

/** Stops one container; `deadline` is when its grace period ends (ms since the epoch). */
export async function killContainer(ctx: KillContext, v: ContainerView, deadline: number, message: string): Promise<void> {
  const c = v.current;
  if (!c || (c.state !== 'running' && c.state !== 'created')) return;
  ctx.events.normal(v, 'Killing', message);
  const preStop = v.spec.lifecycle?.preStop as HookHandler | undefined;
  let hookRan = false;
  if (preStop && c.state === 'running') {
    const target = { runtime: ctx.runtime, containerId: c.id, podIP: ctx.podIP, ports: v.spec.ports ?? [] };
    const r = await runHook(preStop, target, deadline - Date.now(), ctx.signal);
    hookRan = true;
    if (!r.ok) ctx.events.warning(v, 'FailedPreStopHook', `PreStopHook failed: ${r.output}`);
  }
  const left = Math.max(deadline - Date.now(), hookRan ? MIN_GRACE_AFTER_HOOK_MS : 0);
  await ctx.runtime.stopContainer(c.id, Math.ceil(left / 1000));
}

/** Stops every container of the pod within `graceSeconds`. */
export async function killPod(ctx: KillContext, views: ContainerView[], graceSeconds: number): Promise<void> {
  const deadline = Date.now() + graceSeconds * 1000;
  const message = (v: ContainerView) => `Stopping container ${v.spec.name}`;
  // ephemeral containers stop with the app containers
  await Promise.all(views.filter((v) => (v.kind === 'app' || v.kind === 'ephemeral') && isRunning(v)).map((v) => killContainer(ctx, v, deadline, message(v))));
  for (const v of views.filter((v) => v.kind === 'sidecar').reverse()) await killContainer(ctx, v, deadline, message(v));
  await Promise.all(views.filter((v) => v.kind === 'init').map((v) => killContainer(ctx, v, Date.now(), message(v))));
  // anything that was only created (never started) is stopped too
  await Promise.all(views.filter((v) => v.current?.state === 'created').map((v) => ctx.runtime.stopContainer(v.current!.id, 0)));
}

/** The grace period of a deletion: what the API set, else the pod's, else 30 s. */
export function deletionGrace(pod: Pod): number {
  return pod.metadata.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30;
}
