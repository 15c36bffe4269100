/**
 * The channel protocols kubectl speaks for exec and attach over a WebSocket (kubectl-surface.md
 * §6): binary messages whose first byte is the channel, and a Status on the error channel to
 * end. `v5.channel.k8s.io` adds channel 255, on which the client says it closed a stream
 * (`[255, 0]`: no more stdin); `v4.channel.k8s.io` has no way to say so.
 */
import type { Status } from '../api/meta.ts';

export const V5 = 'v5.channel.k8s.io';
export const V4 = 'v4.channel.k8s.io';
export const CHANNEL = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 } as const;

export function channelFrame(channel: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.byteLength + 1);
  out[0] = channel;
  out.set(bytes, 1);
  return out;
}

/** What the error channel carries when the command has exited. */
export function exitStatus(command: string[], exitCode: number): Status {
  if (exitCode === 0) return { metadata: {}, status: 'Success' } as Status;
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${exitCode}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
  } as Status;
}

/** A failure before or instead of an exit (no such container, the runtime refused). */
export function failureStatus(message: string, code = 500): Status {
  return { metadata: {}, status: 'Failure', message, reason: code === 404 ? 'NotFound' : code === 400 ? 'BadRequest' : 'InternalError', code } as Status;
}
