/**
 * The runtime's cgroup driver, and a pod's cgroup as that driver names it. The agent must agree
 * with the runtime, as the kubelet must: with containerd's `SystemdCgroup = true` (what
 * Kubernetes' setup guide asks for on a systemd machine), a cgroupfs parent such as
 * `/kubepods/besteffort/pod<uid>` fails every RunPodSandbox (runc: "expected cgroupsPath to be of
 * format slice:prefix:name"). As the kubelet does since 1.31 (KEP-4033), the driver is asked of
 * the runtime (CRI RuntimeConfig: containerd 2.0+, CRI-O 1.28+). containerd 1.6 and 1.7 do not
 * answer that call, but a verbose Status gives their CRI configuration, where the default
 * runtime's `SystemdCgroup` option decides. Otherwise cgroupfs, the kubelet's own default.
 */
import type { CriClient } from '../cri/client.ts';
import { Code, CriError } from '../cri/errors.ts';

export type CgroupDriver = 'systemd' | 'cgroupfs';

export interface DetectedDriver {
  driver: CgroupDriver;
  /** where it was learnt, for the agent's log */
  from: 'the runtime' | "the runtime's configuration" | 'the default';
}

/**
 * A cgroupfs path as systemd names it (the kubelet's ToSystemd, then ExpandSlice): each part's
 * `-` becomes `_` (systemd reads `-` as nesting), and each level is a slice named after the levels
 * above it. `/kubepods/besteffort/pod<uid>` →
 * `/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod<uid with _>.slice`.
 */
export function systemdCgroupParent(cgroupfsPath: string): string {
  const parts = cgroupfsPath.split('/').filter(Boolean).map((p) => p.replaceAll('-', '_'));
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join('-')}.slice`).join('') || '/';
}

/** The part of containerd's CRI configuration (1.6, 1.7) that names the driver. */
interface ContainerdCriConfig {
  containerd?: {
    defaultRuntimeName?: string;
    runtimes?: Record<string, { runtimeType?: string; options?: { SystemdCgroup?: unknown } | null }>;
  };
  /** `systemd_cgroup`: only for the legacy runtimes (io.containerd.runtime.v1.linux, runc.v1) */
  systemdCgroup?: boolean;
}

/** What containerd's CRI configuration (Status info `config`) says; undefined when it is not one. */
export function driverFromContainerdConfig(json: string | undefined): CgroupDriver | undefined {
  let config: ContainerdCriConfig;
  try {
    config = JSON.parse(json ?? '');
  } catch {
    return undefined;
  }
  const runtimes = config?.containerd?.runtimes;
  const runtime = runtimes?.[config.containerd?.defaultRuntimeName ?? ''];
  if (!runtime) return undefined;
  const option = runtime.options?.SystemdCgroup;
  if (typeof option === 'boolean') return option ? 'systemd' : 'cgroupfs';
  // runc.v2 without the option uses cgroupfs; the legacy runtimes follow the top-level setting
  return runtime.runtimeType !== 'io.containerd.runc.v2' && config.systemdCgroup === true ? 'systemd' : 'cgroupfs';
}

export async function detectCgroupDriver(client: Pick<CriClient, 'runtimeConfig' | 'status'>): Promise<DetectedDriver> {
  try {
    const answer = await client.runtimeConfig();
    if (answer) return { driver: answer === 'SYSTEMD' ? 'systemd' : 'cgroupfs', from: 'the runtime' };
  } catch (e) {
    if (!(e instanceof CriError && e.code === Code.UNIMPLEMENTED)) throw e;
  }
  const configured = driverFromContainerdConfig((await client.status(true)).info.config);
  return configured ? { driver: configured, from: "the runtime's configuration" } : { driver: 'cgroupfs', from: 'the default' };
}
