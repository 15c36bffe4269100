/**
 * The Runtime over CRI (containerd). Translates the agent's specs into CRI configs and CRI
 * replies into the agent's records; NOT_FOUND on a read becomes `undefined`, and stop/remove
 * of something already gone succeed (the CRI promises idempotence, we make sure of it).
 */
import { CriClient } from '../cri/client.ts';
import { isNotFound } from '../cri/errors.ts';
import type * as T from '../cri/types.ts';
import { streamPort, streamProcess } from '../cri/streaming.ts';
import { detectCgroupDriver, systemdCgroupParent, type CgroupDriver, type DetectedDriver } from './cgroup-driver.ts';
import type { ContainerInfo, ContainerSpec, ContainerStats, ContainerState, ImageInfo, Labels, PortConnection, ProcessOutput, RemoteProcess, Runtime, SandboxInfo, SandboxSpec, StreamOptions } from './types.ts';

export const DEFAULT_CRI_ENDPOINT = 'unix:///run/containerd/containerd.sock';

const STATES: Record<T.ContainerState, ContainerState> = {
  CONTAINER_CREATED: 'created',
  CONTAINER_RUNNING: 'running',
  CONTAINER_EXITED: 'exited',
  CONTAINER_UNKNOWN: 'unknown',
};

/** CRI timestamps are int64 nanoseconds; 0 means "not set". */
export function nanosToDate(ns: string | undefined): Date | undefined {
  if (!ns || ns === '0') return undefined;
  return new Date(Number(BigInt(ns) / 1_000_000n));
}

/** The kubelet's namespaces of a pod: host network, host PID or a shared one, host IPC. */
function namespaces(spec: SandboxSpec): T.NamespaceOption {
  return { network: spec.hostNetwork ? 'NODE' : 'POD', pid: spec.pid ?? 'CONTAINER', ipc: spec.hostIPC ? 'NODE' : 'POD' };
}

/** `driver`: the runtime's cgroup driver, which names the pod's cgroup (cgroup-driver.ts) */
export function sandboxConfig(spec: SandboxSpec, driver: CgroupDriver = 'cgroupfs'): T.PodSandboxConfig {
  return {
    metadata: { name: spec.name, namespace: spec.namespace, uid: spec.uid, attempt: spec.attempt },
    hostname: spec.hostname,
    logDirectory: spec.logDirectory,
    dnsConfig: spec.dns,
    portMappings: spec.portMappings.map((p) => ({ protocol: p.protocol, containerPort: p.containerPort, hostPort: p.hostPort, hostIp: p.hostIp })),
    labels: spec.labels,
    annotations: spec.annotations,
    linux: { cgroupParent: driver === 'systemd' ? systemdCgroupParent(spec.cgroupParent) : spec.cgroupParent, securityContext: { namespaceOptions: namespaces(spec) } },
  };
}

export function containerConfig(spec: ContainerSpec, sandbox?: SandboxSpec): T.ContainerConfig {
  const pod = sandbox ? namespaces(sandbox) : { network: 'POD' as const, pid: 'CONTAINER' as const, ipc: 'POD' as const };
  return {
    metadata: { name: spec.name, attempt: spec.attempt },
    image: { image: spec.image, userSpecifiedImage: spec.userImage },
    command: spec.command,
    args: spec.args,
    workingDir: spec.workingDir,
    envs: spec.env.map((e) => ({ key: e.name, value: e.value })),
    mounts: spec.mounts.map((m) => ({ containerPath: m.containerPath, hostPath: m.hostPath, readonly: m.readonly })),
    labels: spec.labels,
    annotations: spec.annotations,
    logPath: spec.logPath,
    stdin: spec.stdin,
    stdinOnce: spec.stdinOnce,
    tty: spec.tty,
    // an ephemeral container with a target shares that container's process namespace (the kubelet's TARGET)
    // the pod's namespaces; an ephemeral container with a target shares that container's process
    // namespace (the kubelet's TARGET)
    linux: { securityContext: { privileged: spec.privileged, namespaceOptions: { ...pod, network: 'POD', ...(spec.pidTarget ? { pid: 'TARGET', targetId: spec.pidTarget } : {}) } } },
  };
}

const sandboxInfo = (s: T.PodSandboxStatus | T.PodSandbox, ips: string[]): SandboxInfo => ({
  id: s.id,
  ready: s.state === 'SANDBOX_READY',
  createdAt: nanosToDate(s.createdAt) ?? new Date(0),
  ips,
  attempt: s.metadata?.attempt ?? 0,
  labels: s.labels ?? {},
});

function containerInfo(s: T.ContainerStatus, sandboxId: string, info: Record<string, string>): ContainerInfo {
  let pid: number | undefined;
  try {
    pid = (JSON.parse(info.info ?? '{}') as { pid?: number }).pid || undefined;
  } catch {
    pid = undefined;
  }
  return {
    id: s.id,
    sandboxId,
    name: s.metadata?.name ?? s.labels[`io.kubernetes.container.name`] ?? '',
    attempt: s.metadata?.attempt ?? 0,
    state: STATES[s.state] ?? 'unknown',
    createdAt: nanosToDate(s.createdAt) ?? new Date(0),
    startedAt: nanosToDate(s.startedAt),
    finishedAt: nanosToDate(s.finishedAt),
    exitCode: s.state === 'CONTAINER_EXITED' ? s.exitCode : undefined,
    reason: s.reason || undefined,
    message: s.message || undefined,
    image: s.image?.image ?? '',
    imageRef: s.imageRef,
    logPath: s.logPath || undefined,
    pid,
    labels: s.labels ?? {},
    annotations: s.annotations ?? {},
  };
}

async function orUndefined<X>(p: Promise<X>): Promise<X | undefined> {
  try {
    return await p;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

export class CriRuntime implements Runtime {
  readonly kind = 'cri' as const;
  readonly client: CriClient;

  constructor(endpoint = DEFAULT_CRI_ENDPOINT) {
    this.client = new CriClient(endpoint);
  }

  version(signal?: AbortSignal) {
    return this.client.version({ signal });
  }

  async conditions(signal?: AbortSignal) {
    return (await this.client.status(false, { signal })).status?.conditions ?? [];
  }

  private driver?: Promise<DetectedDriver>;
  /** The runtime's cgroup driver, asked once (a failure is asked again next time). */
  cgroupDriver(): Promise<DetectedDriver> {
    return (this.driver ??= detectCgroupDriver(this.client).catch((e) => {
      this.driver = undefined;
      throw e;
    }));
  }
  private async configOf(spec: SandboxSpec): Promise<T.PodSandboxConfig> {
    return sandboxConfig(spec, (await this.cgroupDriver()).driver);
  }

  async runSandbox(spec: SandboxSpec, signal?: AbortSignal) {
    return this.client.runPodSandbox(await this.configOf(spec), { signal });
  }
  async stopSandbox(id: string) {
    await orUndefined(this.client.stopPodSandbox(id));
  }
  async removeSandbox(id: string) {
    await orUndefined(this.client.removePodSandbox(id));
  }
  async sandboxStatus(id: string): Promise<SandboxInfo | undefined> {
    const res = await orUndefined(this.client.podSandboxStatus(id));
    if (!res?.status) return undefined;
    const net = res.status.network;
    const ips = net?.ip ? [net.ip, ...(net.additionalIps ?? []).map((a) => a.ip)] : [];
    return sandboxInfo(res.status, ips);
  }
  async listSandboxes(labels?: Labels): Promise<SandboxInfo[]> {
    return (await this.client.listPodSandbox(labels ? { labelSelector: labels } : {})).map((s) => sandboxInfo(s, []));
  }

  async createContainer(sandboxId: string, spec: ContainerSpec, sandbox: SandboxSpec) {
    return this.client.createContainer(sandboxId, containerConfig(spec, sandbox), await this.configOf(sandbox));
  }
  startContainer(id: string) {
    return this.client.startContainer(id);
  }
  async stopContainer(id: string, graceSeconds: number) {
    await orUndefined(this.client.stopContainer(id, Math.max(0, Math.ceil(graceSeconds))));
  }
  async removeContainer(id: string) {
    this.statuses.delete(id);
    await orUndefined(this.client.removeContainer(id));
  }
  /**
   * ListContainers gives no exit codes or times, so each container's status is read too; a
   * status is reused while the container's state is unchanged (an exited container never
   * changes), which keeps the agent's once-a-second relist cheap.
   */
  async listContainers(labels?: Labels): Promise<ContainerInfo[]> {
    const list = await this.client.listContainers(labels ? { labelSelector: labels } : {});
    const seen = new Set<string>();
    const out = await Promise.all(
      list.map(async (c) => {
        seen.add(c.id);
        const cached = this.statuses.get(c.id);
        if (cached && cached.state === STATES[c.state] && cached.state !== 'created') return cached;
        const info = await this.statusOf(c.id, c.podSandboxId, false);
        if (info) this.statuses.set(c.id, info);
        return info;
      }),
    );
    if (!labels) for (const id of this.statuses.keys()) if (!seen.has(id)) this.statuses.delete(id);
    return out.filter((c): c is ContainerInfo => c !== undefined);
  }
  /** A fresh, verbose status (with the pid). */
  containerStatus(id: string) {
    return this.statusOf(id, undefined, true);
  }
  private readonly statuses = new Map<string, ContainerInfo>();
  private async statusOf(id: string, sandboxId: string | undefined, verbose: boolean): Promise<ContainerInfo | undefined> {
    const res = await orUndefined(this.client.containerStatus(id, verbose));
    if (!res?.status) return undefined;
    sandboxId ??= (await this.client.listContainers({ id }))[0]?.podSandboxId ?? '';
    return containerInfo(res.status, sandboxId, res.info ?? {});
  }
  async containerStats(labels?: Labels): Promise<ContainerStats[]> {
    const list = await this.client.listContainerStats(labels ? { labelSelector: labels } : {});
    return list.flatMap((s) => {
      const cpu = s.cpu?.usageCoreNanoSeconds;
      if (!s.attributes || !cpu) return [];
      const at = nanosToDate(s.cpu?.timestamp)?.getTime() ?? Date.now();
      return [{ id: s.attributes.id, labels: s.attributes.labels ?? {}, at, cpuCoreNanoSeconds: Number(cpu.value), memoryWorkingSetBytes: Number(s.memory?.workingSetBytes?.value ?? 0) }];
    });
  }
  async execSync(id: string, command: string[], timeoutSeconds: number, signal?: AbortSignal) {
    const r = await this.client.execSync(id, command, timeoutSeconds, { signal });
    return { stdout: new Uint8Array(r.stdout), stderr: new Uint8Array(r.stderr), exitCode: r.exitCode };
  }

  async exec(id: string, command: string[], opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess> {
    const url = await this.client.exec(id, command, { ...opts, stderr: opts.stderr && !opts.tty });
    return streamProcess(url, opts, out);
  }
  async attach(id: string, opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess> {
    const url = await this.client.attach(id, { ...opts, stderr: opts.stderr && !opts.tty });
    return streamProcess(url, opts, out);
  }
  async portForward(sandboxId: string, port: number): Promise<PortConnection> {
    // a URL serves one connection: each connection asks for its own
    return streamPort(await this.client.portForward(sandboxId, [port]), port);
  }

  async imageStatus(image: string): Promise<ImageInfo | undefined> {
    const img = await this.client.imageStatus(image);
    return img && { id: img.id, repoTags: img.repoTags, repoDigests: img.repoDigests, size: Number(img.size) };
  }
  async pullImage(image: string, sandbox?: SandboxSpec, signal?: AbortSignal) {
    return this.client.pullImage(image, sandbox && (await this.configOf(sandbox)), { signal });
  }

  close() {
    this.client.close();
  }
}
