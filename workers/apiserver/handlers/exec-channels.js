"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CHANNEL = exports.V5 = void 0;
exports.channelFrame = channelFrame;
exports.exitStatus = exitStatus;
exports.V5 = 'v5.channel.k8s.io';
exports.CHANNEL = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4, close: 255 };
function channelFrame(channel, bytes) {
    var out = new Uint8Array(bytes.byteLength + 1);
    out[0] = channel;
    out.set(bytes, 1);
    return out;
}
/** What the error channel carries when the command has exited. */
function exitStatus(command, exitCode) {
    if (exitCode === 0)
        return { metadata: {}, status: 'Success' };
    return {
        metadata: {},
        status: 'Failure',
        message: "command terminated with non-zero exit code: error executing command [".concat(command.join(' '), "], exit code ").concat(exitCode),
        reason: 'NonZeroExitCode',
        details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
    };
}
