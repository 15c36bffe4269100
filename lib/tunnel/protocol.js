"use strict";
/**
 * The node tunnel's wire protocol, shared by the NodeTunnel Durable Object and the node agent.
 *
 * The agent dials out once: a WebSocket to `tunnelPath(node)` on the apiserver, authenticated as
 * system:node:<node>, which the apiserver hands to that node's NodeTunnel object. Over it:
 * - the tunnel sends requests as JSON text messages (`ToAgent`), each with a fresh id;
 * - the agent answers with JSON text messages (`FromAgent`), and streams log bytes as binary
 *   messages: a 4-byte big-endian request id, then the bytes;
 * - `"ping"` from the agent is answered `"pong"` by the platform without waking the object, which
 *   keeps NAT mappings open and tells the agent its connection is alive.
 * Ordering: one WebSocket, so an id's data messages arrive before its `end`.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.PONG = exports.REPLACED = exports.PING = exports.JOIN_PATH = exports.tunnelPath = exports.TUNNEL_PREFIX = void 0;
exports.dataFrame = dataFrame;
exports.parseDataFrame = parseDataFrame;
exports.toBase64 = toBase64;
exports.fromBase64 = fromBase64;
exports.TUNNEL_PREFIX = '/timonier/v1/nodes/';
/** where the agent opens its tunnel */
var tunnelPath = function (node) { return "".concat(exports.TUNNEL_PREFIX).concat(encodeURIComponent(node), "/tunnel"); };
exports.tunnelPath = tunnelPath;
/** where a join token (or a node's own credential) is exchanged for a node credential */
exports.JOIN_PATH = '/timonier/v1/node-credentials';
exports.PING = 'ping';
/** the close code of an agent socket that a newer connection of the same node replaced */
exports.REPLACED = 4000;
exports.PONG = 'pong';
/** A log chunk of request `id`, as one binary message. */
function dataFrame(id, bytes) {
    var frame = new Uint8Array(4 + bytes.byteLength);
    new DataView(frame.buffer).setUint32(0, id);
    frame.set(bytes, 4);
    return frame;
}
function parseDataFrame(frame) {
    if (frame.byteLength < 4)
        return undefined;
    return { id: new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0), bytes: frame.subarray(4) };
}
/** base64 without Node's Buffer (exec output travels in JSON). */
function toBase64(bytes) {
    var bin = '';
    for (var i = 0; i < bytes.length; i += 0x8000)
        bin += String.fromCharCode.apply(String, bytes.subarray(i, i + 0x8000));
    return btoa(bin);
}
function fromBase64(text) {
    var bin = atob(text);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++)
        out[i] = bin.charCodeAt(i);
    return out;
}
