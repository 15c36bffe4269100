/**
 * Where the local-path provisioner keeps volumes on the node: one directory per PersistentVolume,
 * `<stateDir>/volumes/pv/<pv-name>`. A volume's name is `pvc-<claim uid>`, as external
 * provisioners name theirs: one claim, one volume, whichever agent or retry makes it.
 */
import { join } from 'node:path';

export const volumesRoot = (stateDir: string) => join(stateDir, 'volumes', 'pv');
export const volumeNameFor = (claimUid: string) => `pvc-${claimUid}`;

/** the directory of a volume; undefined for a name that could leave the root */
export function volumePath(stateDir: string, pvName: string): string | undefined {
  if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(pvName) || pvName.includes('..')) return undefined;
  return join(volumesRoot(stateDir), pvName);
}
