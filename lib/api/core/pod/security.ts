/** core/v1 security contexts: pod-level settings and the per-container overrides. */
import * as v from 'valibot';
import { bool, int64, list, message, obj, str, strList } from '../../../schema/fields.ts';

export const seLinuxOptions = message({
  user: str(1, { doc: 'User is a SELinux user label that applies to the container.' }),
  role: str(2, { doc: 'Role is a SELinux role label that applies to the container.' }),
  type: str(3, { doc: 'Type is a SELinux type label that applies to the container.' }),
  level: str(4, { doc: 'Level is SELinux level label that applies to the container.' }),
});

export const windowsSecurityContextOptions = message({
  gmsaCredentialSpecName: str(1, { ptr: true, doc: 'Name of the GMSA credential spec to use.' }),
  gmsaCredentialSpec: str(2, { ptr: true, doc: 'Contents of the GMSA credential spec named by gmsaCredentialSpecName.' }),
  runAsUserName: str(3, { ptr: true, doc: 'The UserName in Windows to run the entrypoint of the container process.' }),
  hostProcess: bool(4, { ptr: true, doc: "Whether the container runs as a 'Host Process' container." }),
});

export const seccompProfile = message({
  type: str(1, { keep: true, doc: 'Kind of seccomp profile: Localhost, RuntimeDefault or Unconfined.' }),
  localhostProfile: str(2, { ptr: true, doc: 'A profile defined in a file on the node; set only for type Localhost.' }),
});

export const appArmorProfile = message({
  type: str(1, { keep: true, doc: 'Kind of AppArmor profile: Localhost, RuntimeDefault or Unconfined.' }),
  localhostProfile: str(2, { ptr: true, doc: 'A profile loaded on the node; set only for type Localhost.' }),
});

export const capabilities = message({
  add: strList(1, { listType: 'atomic', doc: 'Added capabilities.' }),
  drop: strList(2, { listType: 'atomic', doc: 'Removed capabilities.' }),
});

export const sysctl = message({
  name: str(1, { keep: true, doc: 'Name of a property to set.' }),
  value: str(2, { keep: true, doc: 'Value of a property to set.' }),
});

export const securityContext = message({
  capabilities: obj(1, capabilities, { ptr: true, doc: 'The capabilities to add/drop when running containers.' }),
  privileged: bool(2, { ptr: true, doc: 'Run container in privileged mode. Defaults to false.' }),
  seLinuxOptions: obj(3, seLinuxOptions, { ptr: true, doc: 'The SELinux context to be applied to the container.' }),
  windowsOptions: obj(10, windowsSecurityContextOptions, { ptr: true, doc: 'The Windows specific settings applied to the container.' }),
  runAsUser: int64(4, { ptr: true, doc: 'The UID to run the entrypoint of the container process.' }),
  runAsGroup: int64(8, { ptr: true, doc: 'The GID to run the entrypoint of the container process.' }),
  runAsNonRoot: bool(5, { ptr: true, doc: 'Indicates that the container must run as a non-root user.' }),
  readOnlyRootFilesystem: bool(6, { ptr: true, doc: 'Whether this container has a read-only root filesystem. Default is false.' }),
  allowPrivilegeEscalation: bool(7, { ptr: true, doc: 'Whether a process can gain more privileges than its parent process.' }),
  procMount: str(9, { ptr: true, doc: 'The type of proc mount to use for the containers: Default or Unmasked.' }),
  seccompProfile: obj(11, seccompProfile, { ptr: true, doc: 'The seccomp options to use by this container.' }),
  appArmorProfile: obj(12, appArmorProfile, { ptr: true, doc: 'The AppArmor options to use by this container.' }),
});

const int64Item = v.pipe(v.number(), v.integer());

export const podSecurityContext = message({
  seLinuxOptions: obj(1, seLinuxOptions, { ptr: true, doc: 'The SELinux context to be applied to all containers.' }),
  windowsOptions: obj(8, windowsSecurityContextOptions, { ptr: true, doc: 'The Windows specific settings applied to all containers.' }),
  runAsUser: int64(2, { ptr: true, doc: 'The UID to run the entrypoint of the container process.' }),
  runAsGroup: int64(6, { ptr: true, doc: 'The GID to run the entrypoint of the container process.' }),
  runAsNonRoot: bool(3, { ptr: true, doc: 'Indicates that the container must run as a non-root user.' }),
  supplementalGroups: list(4, int64Item, { listType: 'atomic', pbType: 'int64', format: 'int64', doc: 'Groups applied to the first process run in each container.' }),
  supplementalGroupsPolicy: str(12, { ptr: true, doc: 'How supplemental groups of the first container processes are calculated: Merge or Strict.' }),
  fsGroup: int64(5, { ptr: true, doc: 'A special supplemental group that applies to all containers in a pod.' }),
  sysctls: list(7, sysctl, { listType: 'atomic', doc: 'Namespaced sysctls used for the pod.' }),
  fsGroupChangePolicy: str(9, { ptr: true, doc: 'Behavior of changing ownership and permission of the volume: OnRootMismatch or Always.' }),
  seccompProfile: obj(10, seccompProfile, { ptr: true, doc: 'The seccomp options to use by the containers in this pod.' }),
  appArmorProfile: obj(11, appArmorProfile, { ptr: true, doc: 'The AppArmor options to use by the containers in this pod.' }),
  seLinuxChangePolicy: str(13, { ptr: true, doc: "How the container's SELinux label is applied to all volumes: MountOption or Recursive." }),
});
