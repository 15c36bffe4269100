/**
 * The CRI messages as the client sees them: field names in camelCase (proto-loader's default),
 * enums as their names, int64 as decimal strings (nanosecond timestamps overflow a double).
 * Only the fields of runtime.proto exist.
 */

export type Labels = Record<string, string>;

export interface VersionResponse {
  version: string;
  runtimeName: string;
  runtimeVersion: string;
  runtimeApiVersion: string;
}

export type CgroupDriver = 'SYSTEMD' | 'CGROUPFS';

export interface RuntimeCondition {
  type: string;
  status: boolean;
  reason: string;
  message: string;
}

export type NamespaceMode = 'POD' | 'CONTAINER' | 'NODE' | 'TARGET';
export interface NamespaceOption {
  network?: NamespaceMode;
  pid?: NamespaceMode;
  ipc?: NamespaceMode;
  targetId?: string;
}

export interface PortMapping {
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  containerPort: number;
  hostPort?: number;
  hostIp?: string;
}

export interface PodSandboxMetadata {
  name: string;
  uid: string;
  namespace: string;
  attempt: number;
}

export interface PodSandboxConfig {
  metadata: PodSandboxMetadata;
  hostname?: string;
  logDirectory?: string;
  dnsConfig?: { servers?: string[]; searches?: string[]; options?: string[] };
  portMappings?: PortMapping[];
  labels?: Labels;
  annotations?: Labels;
  linux?: { cgroupParent?: string; securityContext?: { namespaceOptions?: NamespaceOption; privileged?: boolean } };
}

export type PodSandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';

export interface PodSandboxStatus {
  id: string;
  metadata?: PodSandboxMetadata;
  state: PodSandboxState;
  /** nanoseconds */
  createdAt: string;
  network?: { ip: string; additionalIps: { ip: string }[] };
  labels: Labels;
  annotations: Labels;
}

export interface PodSandbox {
  id: string;
  metadata?: PodSandboxMetadata;
  state: PodSandboxState;
  createdAt: string;
  labels: Labels;
  annotations: Labels;
}

export interface PodSandboxFilter {
  id?: string;
  state?: { state: PodSandboxState };
  labelSelector?: Labels;
}

export interface ImageSpec {
  image: string;
  annotations?: Labels;
  userSpecifiedImage?: string;
}

export interface Mount {
  containerPath: string;
  hostPath: string;
  readonly?: boolean;
}

export interface ContainerConfig {
  metadata: { name: string; attempt: number };
  image: ImageSpec;
  command?: string[];
  args?: string[];
  workingDir?: string;
  envs?: { key: string; value: string }[];
  mounts?: Mount[];
  labels?: Labels;
  annotations?: Labels;
  logPath?: string;
  stdin?: boolean;
  stdinOnce?: boolean;
  tty?: boolean;
  linux?: { securityContext?: { privileged?: boolean; namespaceOptions?: NamespaceOption } };
}

export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';

export interface ContainerFilter {
  id?: string;
  state?: { state: ContainerState };
  podSandboxId?: string;
  labelSelector?: Labels;
}

export interface Container {
  id: string;
  podSandboxId: string;
  metadata?: { name: string; attempt: number };
  image?: ImageSpec;
  imageRef: string;
  state: ContainerState;
  createdAt: string;
  labels: Labels;
  annotations: Labels;
}

export interface ContainerStatus {
  id: string;
  metadata?: { name: string; attempt: number };
  state: ContainerState;
  createdAt: string;
  startedAt: string;
  finishedAt: string;
  exitCode: number;
  image?: ImageSpec;
  imageRef: string;
  reason: string;
  message: string;
  labels: Labels;
  annotations: Labels;
  logPath: string;
}

export interface ExecSyncResponse {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

export interface Image {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  /** bytes, as a decimal string */
  size: string;
}

/** uint64 values travel as decimal strings (longs: String); an unset wrapper is null. */
export interface ContainerStats {
  attributes: { id: string; metadata: { name: string; attempt: number } | null; labels: Labels; annotations: Labels } | null;
  cpu: { timestamp: string; usageCoreNanoSeconds: { value: string } | null } | null;
  memory: { timestamp: string; workingSetBytes: { value: string } | null } | null;
}
