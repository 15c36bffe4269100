/**
 * What the apiserver asks of this node through the tunnel: `kubectl logs` (from the container's
 * CRI log file), `kubectl exec` to completion (CRI ExecSync), and interactive streams — exec and
 * attach with stdin and a terminal, port-forward — through the runtime's streaming (CRI Exec,
 * Attach, PortForward). Errors carry the kubelet's messages; the tunnel relays them.
 */
import type { ExecRequest, ExecResult, LogsRequest, StreamIO, StreamRequest, StreamSession, TunnelHandlers } from './tunnel/types.ts';
import { channelSession, portForwardSession } from './streams/sessions.ts';
import { LABELS } from './runtime/types.ts';
import { writeLog } from './logs/read.ts';
import type { Runtime } from './runtime/types.ts';
import type { PodWorker } from './pods/worker.ts';
import { callWebhook } from './webhooks/call.ts';
import type { NodeUsage } from './metrics/usage.ts';

/** Exec commands are bounded: a command that runs longer is stopped by the runtime. */
const EXEC_TIMEOUT_SECONDS = 300;

export function tunnelHandlers(findPod: (namespace: string, name: string) => PodWorker | undefined, runtime: Runtime, usage?: NodeUsage): TunnelHandlers {
  function locate(namespace: string, pod: string, container: string) {
    const w = findPod(namespace, pod);
    if (!w) throw new Error(`pod "${pod}" in namespace "${namespace}" is not running on this node`);
    const name = container || w.pod.spec?.containers?.[0]?.name || '';
    if (!w.views.some((v) => v.spec.name === name)) throw new Error(`container ${name} is not valid for pod ${pod}`);
    return { w, name };
  }

  return {
    // admission webhooks whose endpoint runs here (pod IPs and host addresses are reachable from the node)
    webhook: (req) => callWebhook(req),
    // metrics.k8s.io: the node's and its pods' usage (metrics/usage.ts)
    ...(usage ? { stats: () => usage.stats() } : {}),

    async logs(req: LogsRequest, out, signal) {
      const { w, name } = locate(req.namespace, req.pod, req.container);
      const inst = w.instance(name, req.previous);
      if (!inst) {
        if (req.previous) throw new Error(`previous terminated container "${name}" in pod "${req.pod}" not found`);
        const waiting = w.views.find((v) => v.spec.name === name)?.waiting?.reason ?? 'ContainerCreating';
        throw new Error(`container "${name}" in pod "${req.pod}" is waiting to start: ${waiting}`);
      }
      if (!inst.logPath) throw new Error(`container "${name}" in pod "${req.pod}" has no log file`);
      const isRunning = () => {
        const now = w.instance(name, false);
        return now?.id === inst.id && now.state === 'running';
      };
      await writeLog(inst.logPath, { tailLines: req.tailLines, sinceSeconds: req.sinceSeconds, timestamps: req.timestamps, limitBytes: req.limitBytes, follow: req.follow, isRunning, signal }, out);
    },

    async exec(req: ExecRequest): Promise<ExecResult> {
      const { w, name } = locate(req.namespace, req.pod, req.container);
      const inst = w.instance(name, false);
      if (!inst || inst.state !== 'running') throw new Error(`unable to upgrade connection: container not found ("${name}")`);
      return runtime.execSync(inst.id, req.command, EXEC_TIMEOUT_SECONDS);
    },

    stream(req: StreamRequest, io: StreamIO): StreamSession {
      const pod = `${req.namespace}/${req.pod}`;
      if (req.kind === 'portforward') {
        return portForwardSession(io, pod, async (port) => {
          const w = findPod(req.namespace, req.pod);
          if (!w) throw new Error(`pod "${req.pod}" in namespace "${req.namespace}" is not running on this node`);
          const sandboxes = (await runtime.listSandboxes({ [LABELS.podUid]: w.uid })).filter((s) => s.ready);
          const sandbox = sandboxes.sort((a, b) => b.attempt - a.attempt)[0];
          if (!sandbox) throw new Error(`pod ${pod} has no running sandbox`);
          return runtime.portForward(sandbox.id, port);
        });
      }
      const opts = { stdin: req.stdin, stdout: req.stdout, stderr: req.stderr, tty: req.tty };
      return channelSession(req.protocol, io, async (out) => {
        const { w, name } = locate(req.namespace, req.pod, req.container);
        const inst = w.instance(name, false);
        if (!inst || inst.state !== 'running') throw Object.assign(new Error(`unable to upgrade connection: container not found ("${name}")`), { code: 404 });
        return req.kind === 'attach' ? runtime.attach(inst.id, opts, out) : runtime.exec(inst.id, req.command, opts, out);
      });
    },
  };
}
