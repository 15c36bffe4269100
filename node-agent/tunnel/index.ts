/**
 * The agent side of joining and of the tunnel. Used by the node agent (node-agent/), never by
 * the workers.
 */
export type { ExecRequest, ExecResult, JoinOptions, LogsRequest, NodeCredential, Tunnel, TunnelHandlers, TunnelOptions } from './types.ts';
export { joinCluster, CREDENTIAL_FILE } from './join.ts';
export { openTunnel } from './connect.ts';
