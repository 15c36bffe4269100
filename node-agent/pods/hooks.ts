/**
 * Lifecycle hooks (postStart, preStop): exec in the container, an HTTP GET against the pod, or
 * a sleep; bounded by `timeoutMs` (the grace period left, for preStop) and abortable.
 * tcpSocket is accepted by the API but deprecated as a hook: it does nothing, as in the kubelet.
 */
import type { ProbeAction, ProbeTarget } from '../probes/run.ts';
import { runAction } from '../probes/run.ts';

export interface HookHandler extends ProbeAction {
  sleep?: { seconds?: number };
}

export interface HookResult {
  ok: boolean;
  output: string;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runHook(h: HookHandler, target: ProbeTarget, timeoutMs: number, signal?: AbortSignal): Promise<HookResult> {
  if (h.sleep) {
    await sleep(Math.min((h.sleep.seconds ?? 0) * 1000, timeoutMs), signal);
    return { ok: true, output: '' };
  }
  if (h.exec || h.httpGet) return runAction(h, target, Math.max(1000, timeoutMs));
  return { ok: true, output: '' };
}
