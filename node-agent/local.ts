/**
 * `npm start -- --node`: a node agent on the same machine as the local control plane, joined
 * the way any machine joins (a fresh join token, then the credential exchange). Real containers
 * where containerd's socket is usable, the simulated runtime otherwise; the output says which.
 */
import os from 'node:os';
import { join } from 'node:path';
import { runNode, type RunningNode } from './cli.ts';
import { createJoinToken } from './tunnel/token-create.ts';

export interface LocalControlPlane {
  url: string;
  token: string;
  caPem: string;
  dataDir: string;
}

export async function startLocalNode(cp: LocalControlPlane, log: (line: string) => void): Promise<RunningNode> {
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600, description: 'npm start --node' });
  return runNode({ server: cp.url, token, nodeName: os.hostname().toLowerCase(), runtime: 'auto', stateDir: join(cp.dataDir, 'node'), caPem: cp.caPem, log });
}
