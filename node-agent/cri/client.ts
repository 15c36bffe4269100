/**
 * A typed CRI client over a unix socket (containerd: unix:///run/containerd/containerd.sock).
 * Each method takes an AbortSignal and runs under a deadline (DEADLINES, overridable per call);
 * failures reject with CriError. The runtime's own semantics (idempotent stops and removes) are
 * kept: callers decide what a NOT_FOUND means.
 */
import * as grpc from '@grpc/grpc-js';
import { unary, type CallOptions } from './call.ts';
import { criServices } from './load.ts';
import type * as T from './types.ts';

export type { CallOptions } from './call.ts';

/** Default deadlines (ms). Image pulls and stops wait long; status reads must answer fast. */
export const DEADLINES = {
  quick: 10_000,
  sandbox: 120_000,
  container: 60_000,
  pull: 120_000,
};

export class CriClient {
  private readonly runtime: grpc.Client;
  private readonly images: grpc.Client;

  constructor(readonly endpoint: string) {
    const { RuntimeService, ImageService } = criServices();
    const creds = grpc.credentials.createInsecure();
    // CRI messages (ListContainers on a busy node, ExecSync output) exceed the 4 MiB default
    const options = { 'grpc.max_receive_message_length': 16 << 20 };
    this.runtime = new RuntimeService(endpoint, creds, options);
    this.images = new ImageService(endpoint, creds, options);
  }

  close(): void {
    this.runtime.close();
    this.images.close();
  }

  private rt<Res>(method: string, req: unknown, timeoutMs: number, opts?: CallOptions) {
    return unary<Res>(this.runtime, 'RuntimeService', method, req, timeoutMs, opts);
  }
  private img<Res>(method: string, req: unknown, timeoutMs: number, opts?: CallOptions) {
    return unary<Res>(this.images, 'ImageService', method, req, timeoutMs, opts);
  }

  version(opts?: CallOptions) {
    return this.rt<T.VersionResponse>('Version', { version: 'v1' }, DEADLINES.quick, opts);
  }
  /** The runtime's cgroup driver (containerd 2.0+, CRI-O 1.28+; UNIMPLEMENTED before). */
  async runtimeConfig(opts?: CallOptions): Promise<T.CgroupDriver | undefined> {
    return (await this.rt<{ linux: { cgroupDriver: T.CgroupDriver } | null }>('RuntimeConfig', {}, DEADLINES.quick, opts)).linux?.cgroupDriver;
  }
  /** The runtime's conditions (RuntimeReady, NetworkReady); with `verbose`, its own information (containerd: its CRI configuration as JSON under `config`). */
  status(verbose = false, opts?: CallOptions) {
    return this.rt<{ status: { conditions: T.RuntimeCondition[] } | null; info: Record<string, string> }>('Status', { verbose }, DEADLINES.quick, opts);
  }

  // --- sandboxes ---
  async runPodSandbox(config: T.PodSandboxConfig, opts?: CallOptions): Promise<string> {
    return (await this.rt<{ podSandboxId: string }>('RunPodSandbox', { config }, DEADLINES.sandbox, opts)).podSandboxId;
  }
  async stopPodSandbox(podSandboxId: string, opts?: CallOptions): Promise<void> {
    await this.rt('StopPodSandbox', { podSandboxId }, DEADLINES.sandbox, opts);
  }
  async removePodSandbox(podSandboxId: string, opts?: CallOptions): Promise<void> {
    await this.rt('RemovePodSandbox', { podSandboxId }, DEADLINES.sandbox, opts);
  }
  podSandboxStatus(podSandboxId: string, verbose = false, opts?: CallOptions) {
    return this.rt<{ status: T.PodSandboxStatus | null; info: Record<string, string> }>('PodSandboxStatus', { podSandboxId, verbose }, DEADLINES.quick, opts);
  }
  async listPodSandbox(filter: T.PodSandboxFilter = {}, opts?: CallOptions): Promise<T.PodSandbox[]> {
    return (await this.rt<{ items: T.PodSandbox[] }>('ListPodSandbox', { filter }, DEADLINES.quick, opts)).items;
  }

  // --- containers ---
  async createContainer(podSandboxId: string, config: T.ContainerConfig, sandboxConfig: T.PodSandboxConfig, opts?: CallOptions): Promise<string> {
    return (await this.rt<{ containerId: string }>('CreateContainer', { podSandboxId, config, sandboxConfig }, DEADLINES.container, opts)).containerId;
  }
  async startContainer(containerId: string, opts?: CallOptions): Promise<void> {
    await this.rt('StartContainer', { containerId }, DEADLINES.container, opts);
  }
  /** `timeout` seconds of grace before the runtime kills; the deadline leaves room for the kill. */
  async stopContainer(containerId: string, timeout: number, opts?: CallOptions): Promise<void> {
    await this.rt('StopContainer', { containerId, timeout: String(timeout) }, timeout * 1000 + DEADLINES.container, opts);
  }
  async removeContainer(containerId: string, opts?: CallOptions): Promise<void> {
    await this.rt('RemoveContainer', { containerId }, DEADLINES.container, opts);
  }
  async listContainers(filter: T.ContainerFilter = {}, opts?: CallOptions): Promise<T.Container[]> {
    return (await this.rt<{ containers: T.Container[] }>('ListContainers', { filter }, DEADLINES.quick, opts)).containers;
  }
  containerStatus(containerId: string, verbose = false, opts?: CallOptions) {
    return this.rt<{ status: T.ContainerStatus | null; info: Record<string, string> }>('ContainerStatus', { containerId, verbose }, DEADLINES.quick, opts);
  }
  /** `timeout` seconds for the command (0 = none); the call's deadline adds a margin. */
  execSync(containerId: string, cmd: string[], timeout: number, opts?: CallOptions) {
    return this.rt<T.ExecSyncResponse>('ExecSync', { containerId, cmd, timeout: String(timeout) }, (timeout || 3600) * 1000 + DEADLINES.quick, opts);
  }

  // --- streaming (the URL is good for one connection, within a minute) ---
  async exec(containerId: string, cmd: string[], o: { tty: boolean; stdin: boolean; stdout: boolean; stderr: boolean }, opts?: CallOptions): Promise<string> {
    return (await this.rt<{ url: string }>('Exec', { containerId, cmd, ...o }, DEADLINES.quick, opts)).url;
  }
  async attach(containerId: string, o: { tty: boolean; stdin: boolean; stdout: boolean; stderr: boolean }, opts?: CallOptions): Promise<string> {
    return (await this.rt<{ url: string }>('Attach', { containerId, ...o }, DEADLINES.quick, opts)).url;
  }
  async portForward(podSandboxId: string, port: number[], opts?: CallOptions): Promise<string> {
    return (await this.rt<{ url: string }>('PortForward', { podSandboxId, port }, DEADLINES.quick, opts)).url;
  }

  // --- stats ---
  async listContainerStats(filter: { id?: string; podSandboxId?: string; labelSelector?: Record<string, string> } = {}, opts?: CallOptions): Promise<T.ContainerStats[]> {
    return (await this.rt<{ stats: T.ContainerStats[] }>('ListContainerStats', { filter }, DEADLINES.quick, opts)).stats;
  }

  // --- images ---
  async imageStatus(image: string, opts?: CallOptions): Promise<T.Image | undefined> {
    return (await this.img<{ image: T.Image | null }>('ImageStatus', { image: { image } }, DEADLINES.quick, opts)).image ?? undefined;
  }
  async pullImage(image: string, sandboxConfig?: T.PodSandboxConfig, opts?: CallOptions): Promise<string> {
    return (await this.img<{ imageRef: string }>('PullImage', { image: { image }, sandboxConfig }, DEADLINES.pull, opts)).imageRef;
  }
}
