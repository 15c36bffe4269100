/**
 * Facts about this machine for the Node object: CPUs, memory, disk, addresses, OS and kernel,
 * machine and boot ids. Files that are missing or unreadable (a container, a non-Linux laptop)
 * give empty strings, never errors.
 */
import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';

export interface MachineFacts {
  hostname: string;
  cpus: number;
  memoryBytes: number;
  /** bytes of the filesystem holding the agent's state */
  diskBytes: number;
  /** non-internal IPv4 addresses first, then IPv6 */
  addresses: string[];
  kernelVersion: string;
  osImage: string;
  operatingSystem: string;
  architecture: string;
  machineID: string;
  systemUUID: string;
  bootID: string;
}

const read = (path: string) => readFile(path, 'utf8').then((s) => s.trim(), () => '');

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', arm: 'arm', ia32: '386', ppc64: 'ppc64le', s390x: 's390x', riscv64: 'riscv64' };

export function hostAddresses(): string[] {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal);
  return [...all.filter((a) => a.family === 'IPv4'), ...all.filter((a) => a.family === 'IPv6' && !a.address.startsWith('fe80'))].map((a) => a.address);
}

export async function machineFacts(stateDir: string): Promise<MachineFacts> {
  const release = await read('/etc/os-release');
  const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1] ?? '';
  let diskBytes = 0;
  try {
    const fs = await statfs(stateDir);
    diskBytes = fs.blocks * fs.bsize;
  } catch {
    diskBytes = 0;
  }
  return {
    hostname: os.hostname().toLowerCase(),
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    memoryBytes: os.totalmem(),
    diskBytes,
    addresses: hostAddresses(),
    kernelVersion: os.release(),
    osImage: pretty || `${os.type()} ${os.release()}`,
    operatingSystem: process.platform === 'win32' ? 'windows' : process.platform,
    architecture: ARCH[process.arch] ?? process.arch,
    machineID: await read('/etc/machine-id'),
    systemUUID: (await read('/sys/class/dmi/id/product_uuid')).toLowerCase(),
    bootID: await read('/proc/sys/kernel/random/boot_id'),
  };
}
