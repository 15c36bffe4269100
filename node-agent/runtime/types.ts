/**
 * What the agent needs from a container runtime, in the agent's own terms. Two implementations:
 * `cri` (containerd over CRI: real sandboxes, real processes) and `simulated` (no containers at
 * all, like KWOK: for scale tests and machines without containerd). The pod logic above this
 * interface is the same for both, so what the simulated runtime exercises is the real agent.
 *
 * Identity: a sandbox carries the pod uid in its labels (LABELS.podUid), a container its pod
 * uid and container name; `attempt` numbers the container's successive instances (0, 1, ...),
 * which is the restart count the agent reports.
 */
export type Labels = Record<string, string>;

/** The labels the agent puts on sandboxes and containers (the kubelet's own keys). */
export const LABELS = {
  podName: 'io.kubernetes.pod.name',
  podNamespace: 'io.kubernetes.pod.namespace',
  podUid: 'io.kubernetes.pod.uid',
  containerName: 'io.kubernetes.container.name',
  /** the node whose agent made it (ours: agents sharing a runtime leave each other's pods alone) */
  node: 'timonier.dev/node',
  /** the cluster (a digest of its CA): the same node name in two clusters is two owners */
  cluster: 'timonier.dev/cluster',
  /** init | sidecar | app | ephemeral (ours: lets a runtime that runs nothing tell init containers apart) */
  containerKind: 'timonier.dev/container-kind',
} as const;

export interface SandboxSpec {
  name: string;
  namespace: string;
  uid: string;
  attempt: number;
  hostname: string;
  /** directory of the containers' log files, e.g. /var/log/pods/<ns>_<name>_<uid> */
  logDirectory: string;
  /** cgroupfs path, e.g. /kubepods/besteffort/pod<uid> */
  cgroupParent: string;
  hostNetwork: boolean;
  /** the node's process namespace (hostPID: `kubectl debug node/`) or, with shareProcessNamespace, one for the pod */
  pid?: 'NODE' | 'POD';
  /** the node's IPC namespace (hostIPC) */
  hostIPC?: boolean;
  portMappings: { containerPort: number; hostPort?: number; protocol: 'TCP' | 'UDP' | 'SCTP'; hostIp?: string }[];
  dns?: { servers: string[]; searches: string[]; options: string[] };
  labels: Labels;
  annotations: Labels;
}

export interface SandboxInfo {
  id: string;
  ready: boolean;
  createdAt: Date;
  /** first pod IP, then the others ([] on the host network or before CNI answered) */
  ips: string[];
  attempt: number;
  labels: Labels;
}

export interface Mount {
  containerPath: string;
  hostPath: string;
  readonly: boolean;
}

export interface ContainerSpec {
  name: string;
  attempt: number;
  /** the image as resolved on the node (the ref ImageStatus or PullImage gave) */
  image: string;
  /** the image as the pod spec says */
  userImage: string;
  command: string[];
  args: string[];
  workingDir?: string;
  env: { name: string; value: string }[];
  mounts: Mount[];
  /** relative to the sandbox's log directory, e.g. app/0.log */
  logPath: string;
  tty: boolean;
  stdin: boolean;
  stdinOnce: boolean;
  privileged: boolean;
  /**
   * an ephemeral container's target (`kubectl debug --target`): the id of the container whose
   * process namespace it joins, so that it sees that container's processes
   */
  pidTarget?: string;
  labels: Labels;
  annotations: Labels;
}

export type ContainerState = 'created' | 'running' | 'exited' | 'unknown';

export interface ContainerInfo {
  id: string;
  sandboxId: string;
  name: string;
  attempt: number;
  state: ContainerState;
  createdAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  exitCode?: number;
  /** runtime's reason for an exit: OOMKilled, Completed, Error, ... */
  reason?: string;
  message?: string;
  image: string;
  /** the image's id on the node (sha256:...) */
  imageRef: string;
  /** absolute path of the CRI-format log file, when there is one */
  logPath?: string;
  /** the main process on the host, when the runtime tells (verbose status) */
  pid?: number;
  labels: Labels;
  annotations: Labels;
}

export interface ImageInfo {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  size: number;
}

export interface ExecResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

export interface RuntimeVersion {
  runtimeName: string;
  runtimeVersion: string;
  runtimeApiVersion: string;
}

/** One of the runtime's own conditions (CRI Status): RuntimeReady, NetworkReady. */
export interface RuntimeCondition {
  type: string;
  status: boolean;
  reason: string;
  message: string;
}

/** Which standard streams an exec or attach carries. */
export interface StreamOptions {
  tty: boolean;
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
}

/** Where a streamed process's output goes. */
export interface ProcessOutput {
  stdout(bytes: Uint8Array): void;
  stderr(bytes: Uint8Array): void;
}

/**
 * A process exec'd in (or attached to) a container, streaming: stdin in, output to the
 * ProcessOutput given when it started, and the end as the runtime tells it.
 */
export interface RemoteProcess {
  write(bytes: Uint8Array): void;
  /** no more stdin (the process reads end-of-file) */
  endInput(): void;
  /** a terminal size, as the JSON the client sent (`{"Width":80,"Height":24}`) */
  resize(json: Uint8Array): void;
  /**
   * Resolves when the process has ended, with the JSON Status the runtime gave (Success, or
   * NonZeroExitCode with the exit code), or undefined when the connection ended without one.
   */
  done: Promise<Uint8Array | undefined>;
  /** the client left: stop streaming (an exec'd process is left to the runtime) */
  close(): void;
}

/** One TCP connection to a port of a pod, made inside its network namespace. */
export interface PortConnection {
  write(bytes: Uint8Array): void;
  /** half-close: nothing more to the pod */
  end(): void;
  onData(fn: (bytes: Uint8Array) => void): void;
  /** the pod closed its side, or the connection failed (`error` says why) */
  onEnd(fn: (error?: string) => void): void;
  close(): void;
}

/** A container's cumulative usage at one instant (CRI ContainerStats). */
export interface ContainerStats {
  id: string;
  labels: Labels;
  /** when the runtime read it (epoch ms) */
  at: number;
  /** CPU time used since the container started, in core-nanoseconds */
  cpuCoreNanoSeconds: number;
  memoryWorkingSetBytes: number;
}

/** What a runtime without a network answers for a probe (see `probe` below). */
export type ProbeOutcome = 'success' | 'failure';

export interface Runtime {
  readonly kind: 'cri' | 'simulated';
  version(signal?: AbortSignal): Promise<RuntimeVersion>;
  /** the runtime's conditions (CRI Status); absent for a runtime that has none to tell (simulated) */
  conditions?(signal?: AbortSignal): Promise<RuntimeCondition[]>;

  runSandbox(spec: SandboxSpec, signal?: AbortSignal): Promise<string>;
  stopSandbox(id: string): Promise<void>;
  removeSandbox(id: string): Promise<void>;
  /** undefined when the runtime does not know it */
  sandboxStatus(id: string): Promise<SandboxInfo | undefined>;
  listSandboxes(labels?: Labels): Promise<SandboxInfo[]>;

  createContainer(sandboxId: string, spec: ContainerSpec, sandbox: SandboxSpec): Promise<string>;
  startContainer(id: string): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceSeconds` (0 = at once); resolves once it has exited */
  stopContainer(id: string, graceSeconds: number): Promise<void>;
  removeContainer(id: string): Promise<void>;
  /** every container (all states) whose labels include `labels` */
  listContainers(labels?: Labels): Promise<ContainerInfo[]>;
  containerStatus(id: string): Promise<ContainerInfo | undefined>;
  execSync(id: string, command: string[], timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult>;
  /** `kubectl exec` with streams; rejects when the process cannot start */
  exec(id: string, command: string[], opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess>;
  /** `kubectl attach`: the container's own stdin and output */
  attach(id: string, opts: StreamOptions, out: ProcessOutput): Promise<RemoteProcess>;
  /** `kubectl port-forward`: a connection to `port` in the sandbox's network */
  portForward(sandboxId: string, port: number): Promise<PortConnection>;

  imageStatus(image: string): Promise<ImageInfo | undefined>;
  /** the pulled image's ref */
  pullImage(image: string, sandbox?: SandboxSpec, signal?: AbortSignal): Promise<string>;

  /**
   * A runtime whose pods have no reachable network (simulated) answers network probes itself;
   * when absent, the agent probes the pod IP for real.
   */
  probe?(containerId: string): ProbeOutcome;
  /** running containers' usage (CRI ListContainerStats) whose labels include `labels` */
  containerStats?(labels?: Labels): Promise<ContainerStats[]>;
  close(): void;
}
