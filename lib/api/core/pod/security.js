"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.podSecurityContext = exports.securityContext = exports.sysctl = exports.capabilities = exports.appArmorProfile = exports.seccompProfile = exports.windowsSecurityContextOptions = exports.seLinuxOptions = void 0;
/** core/v1 security contexts: pod-level settings and the per-container overrides. */
var v = require("valibot");
var fields_ts_1 = require("../../../schema/fields.ts");
exports.seLinuxOptions = (0, fields_ts_1.message)({
    user: (0, fields_ts_1.str)(1, { doc: 'User is a SELinux user label that applies to the container.' }),
    role: (0, fields_ts_1.str)(2, { doc: 'Role is a SELinux role label that applies to the container.' }),
    type: (0, fields_ts_1.str)(3, { doc: 'Type is a SELinux type label that applies to the container.' }),
    level: (0, fields_ts_1.str)(4, { doc: 'Level is SELinux level label that applies to the container.' }),
});
exports.windowsSecurityContextOptions = (0, fields_ts_1.message)({
    gmsaCredentialSpecName: (0, fields_ts_1.str)(1, { ptr: true, doc: 'Name of the GMSA credential spec to use.' }),
    gmsaCredentialSpec: (0, fields_ts_1.str)(2, { ptr: true, doc: 'Contents of the GMSA credential spec named by gmsaCredentialSpecName.' }),
    runAsUserName: (0, fields_ts_1.str)(3, { ptr: true, doc: 'The UserName in Windows to run the entrypoint of the container process.' }),
    hostProcess: (0, fields_ts_1.bool)(4, { ptr: true, doc: "Whether the container runs as a 'Host Process' container." }),
});
exports.seccompProfile = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Kind of seccomp profile: Localhost, RuntimeDefault or Unconfined.' }),
    localhostProfile: (0, fields_ts_1.str)(2, { ptr: true, doc: 'A profile defined in a file on the node; set only for type Localhost.' }),
});
exports.appArmorProfile = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Kind of AppArmor profile: Localhost, RuntimeDefault or Unconfined.' }),
    localhostProfile: (0, fields_ts_1.str)(2, { ptr: true, doc: 'A profile loaded on the node; set only for type Localhost.' }),
});
exports.capabilities = (0, fields_ts_1.message)({
    add: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'Added capabilities.' }),
    drop: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'Removed capabilities.' }),
});
exports.sysctl = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of a property to set.' }),
    value: (0, fields_ts_1.str)(2, { keep: true, doc: 'Value of a property to set.' }),
});
exports.securityContext = (0, fields_ts_1.message)({
    capabilities: (0, fields_ts_1.obj)(1, exports.capabilities, { ptr: true, doc: 'The capabilities to add/drop when running containers.' }),
    privileged: (0, fields_ts_1.bool)(2, { ptr: true, doc: 'Run container in privileged mode. Defaults to false.' }),
    seLinuxOptions: (0, fields_ts_1.obj)(3, exports.seLinuxOptions, { ptr: true, doc: 'The SELinux context to be applied to the container.' }),
    windowsOptions: (0, fields_ts_1.obj)(10, exports.windowsSecurityContextOptions, { ptr: true, doc: 'The Windows specific settings applied to the container.' }),
    runAsUser: (0, fields_ts_1.int64)(4, { ptr: true, doc: 'The UID to run the entrypoint of the container process.' }),
    runAsGroup: (0, fields_ts_1.int64)(8, { ptr: true, doc: 'The GID to run the entrypoint of the container process.' }),
    runAsNonRoot: (0, fields_ts_1.bool)(5, { ptr: true, doc: 'Indicates that the container must run as a non-root user.' }),
    readOnlyRootFilesystem: (0, fields_ts_1.bool)(6, { ptr: true, doc: 'Whether this container has a read-only root filesystem. Default is false.' }),
    allowPrivilegeEscalation: (0, fields_ts_1.bool)(7, { ptr: true, doc: 'Whether a process can gain more privileges than its parent process.' }),
    procMount: (0, fields_ts_1.str)(9, { ptr: true, doc: 'The type of proc mount to use for the containers: Default or Unmasked.' }),
    seccompProfile: (0, fields_ts_1.obj)(11, exports.seccompProfile, { ptr: true, doc: 'The seccomp options to use by this container.' }),
    appArmorProfile: (0, fields_ts_1.obj)(12, exports.appArmorProfile, { ptr: true, doc: 'The AppArmor options to use by this container.' }),
});
var int64Item = v.pipe(v.number(), v.integer());
exports.podSecurityContext = (0, fields_ts_1.message)({
    seLinuxOptions: (0, fields_ts_1.obj)(1, exports.seLinuxOptions, { ptr: true, doc: 'The SELinux context to be applied to all containers.' }),
    windowsOptions: (0, fields_ts_1.obj)(8, exports.windowsSecurityContextOptions, { ptr: true, doc: 'The Windows specific settings applied to all containers.' }),
    runAsUser: (0, fields_ts_1.int64)(2, { ptr: true, doc: 'The UID to run the entrypoint of the container process.' }),
    runAsGroup: (0, fields_ts_1.int64)(6, { ptr: true, doc: 'The GID to run the entrypoint of the container process.' }),
    runAsNonRoot: (0, fields_ts_1.bool)(3, { ptr: true, doc: 'Indicates that the container must run as a non-root user.' }),
    supplementalGroups: (0, fields_ts_1.list)(4, int64Item, { listType: 'atomic', pbType: 'int64', format: 'int64', doc: 'Groups applied to the first process run in each container.' }),
    supplementalGroupsPolicy: (0, fields_ts_1.str)(12, { ptr: true, doc: 'How supplemental groups of the first container processes are calculated: Merge or Strict.' }),
    fsGroup: (0, fields_ts_1.int64)(5, { ptr: true, doc: 'A special supplemental group that applies to all containers in a pod.' }),
    sysctls: (0, fields_ts_1.list)(7, exports.sysctl, { listType: 'atomic', doc: 'Namespaced sysctls used for the pod.' }),
    fsGroupChangePolicy: (0, fields_ts_1.str)(9, { ptr: true, doc: 'Behavior of changing ownership and permission of the volume: OnRootMismatch or Always.' }),
    seccompProfile: (0, fields_ts_1.obj)(10, exports.seccompProfile, { ptr: true, doc: 'The seccomp options to use by the containers in this pod.' }),
    appArmorProfile: (0, fields_ts_1.obj)(11, exports.appArmorProfile, { ptr: true, doc: 'The AppArmor options to use by the containers in this pod.' }),
    seLinuxChangePolicy: (0, fields_ts_1.str)(13, { ptr: true, doc: "How the container's SELinux label is applied to all volumes: MountOption or Recursive." }),
});
