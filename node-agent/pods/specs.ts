/**
 * The runtime specs of a pod's sandbox and containers, as the kubelet lays them out: the sandbox
 * in the cgroup `/kubepods[/burstable|/besteffort]/pod<uid>` (so a container's process can be
 * traced to its pod), logs under `<logRoot>/<namespace>_<name>_<uid>/<container>/<attempt>.log`,
 * the kubelet's labels for finding things again after a restart of the agent.
 */
import type { Pod } from '../../lib/api/core/pod.ts';
import { LABELS, type ContainerSpec, type Mount, type SandboxSpec } from '../runtime/types.ts';
import { podDnsConfig, type ClusterDns } from '../dns/pod-config.ts';
import { expand, type EnvVar } from './env.ts';
import { IMAGE_ANNOTATION } from './plan.ts';
import type { ContainerKind, PodContainer } from './view.ts';

export function cgroupParent(qosClass: string | undefined, uid: string): string {
  if (qosClass === 'Guaranteed') return `/kubepods/pod${uid}`;
  return `/kubepods/${qosClass === 'Burstable' ? 'burstable' : 'besteffort'}/pod${uid}`;
}

export const logDirectory = (logRoot: string, pod: Pod) => `${logRoot}/${pod.metadata.namespace}_${pod.metadata.name}_${pod.metadata.uid}`;

/** The labels naming the agent that owns a sandbox or container (LABELS.node, LABELS.cluster). */
export type OwnerLabels = Record<string, string>;

export function podLabels(pod: Pod, owner: OwnerLabels): Record<string, string> {
  return { [LABELS.podName]: pod.metadata.name ?? '', [LABELS.podNamespace]: pod.metadata.namespace ?? '', [LABELS.podUid]: pod.metadata.uid ?? '', ...owner };
}

export function sandboxSpec(pod: Pod, attempt: number, logRoot: string, owner: OwnerLabels, dns?: ClusterDns): SandboxSpec {
  const spec = pod.spec ?? {};
  const uid = pod.metadata.uid ?? '';
  const ports = [...(spec.initContainers ?? []), ...(spec.containers ?? [])].flatMap((c) => c.ports ?? []);
  return {
    name: pod.metadata.name ?? '',
    namespace: pod.metadata.namespace ?? '',
    uid,
    attempt,
    // on the node's network the node's hostname stays (the kubelet sets none: runc refuses one without a private UTS namespace)
    hostname: spec.hostNetwork ? '' : (spec.hostname || pod.metadata.name || '').slice(0, 63),
    logDirectory: logDirectory(logRoot, pod),
    cgroupParent: cgroupParent(pod.status?.qosClass, uid),
    hostNetwork: !!spec.hostNetwork,
    pid: spec.hostPID ? 'NODE' : spec.shareProcessNamespace ? 'POD' : undefined,
    hostIPC: !!spec.hostIPC,
    portMappings: ports
      .filter((p) => p.hostPort)
      .map((p) => ({ containerPort: p.containerPort ?? 0, hostPort: p.hostPort, protocol: (p.protocol ?? 'TCP') as 'TCP' | 'UDP' | 'SCTP', hostIp: p.hostIP || undefined })),
    ...withDns(podDnsConfig(pod, dns)),
    labels: { ...pod.metadata.labels, ...podLabels(pod, owner) },
    annotations: { ...pod.metadata.annotations },
  };
}

/** the pod's resolv.conf (dnsPolicy), when it is not the runtime's default */
const withDns = (dns: SandboxSpec['dns']) => (dns ? { dns } : {});

export interface ContainerInputs {
  pod: Pod;
  container: PodContainer;
  kind: ContainerKind;
  attempt: number;
  /** the image ref on the node */
  imageRef: string;
  owner: OwnerLabels;
  env: EnvVar[];
  mounts: Mount[];
}

export function containerSpec(i: ContainerInputs): ContainerSpec {
  const c = i.container;
  const vars = new Map(i.env.map((e) => [e.name, e.value]));
  return {
    name: c.name,
    attempt: i.attempt,
    image: i.imageRef,
    userImage: c.image ?? '',
    // $(VAR) in command and args expands from the container's environment
    command: (c.command ?? []).map((s) => expand(s, vars)),
    args: (c.args ?? []).map((s) => expand(s, vars)),
    workingDir: c.workingDir || undefined,
    env: i.env,
    mounts: i.mounts,
    logPath: `${c.name}/${i.attempt}.log`,
    tty: !!c.tty,
    stdin: !!c.stdin,
    stdinOnce: !!c.stdinOnce,
    privileged: !!c.securityContext?.privileged,
    labels: { ...podLabels(i.pod, i.owner), [LABELS.containerName]: c.name, [LABELS.containerKind]: i.kind },
    annotations: {
      'io.kubernetes.container.restartCount': String(i.attempt),
      // what a change of the spec's image is compared with (plan.ts)
      [IMAGE_ANNOTATION]: c.image ?? '',
      'io.kubernetes.container.terminationMessagePath': c.terminationMessagePath ?? '/dev/termination-log',
      'io.kubernetes.pod.terminationGracePeriod': String(i.pod.spec?.terminationGracePeriodSeconds ?? 30),
    },
  };
}
