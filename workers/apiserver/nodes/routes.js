"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nodeRoutes = nodeRoutes;
var protocol_ts_1 = require("../../../lib/tunnel/protocol.ts");
var join_ts_1 = require("./join.ts");
var tunnel_ts_1 = require("./tunnel.ts");
function nodeRoutes(app) {
    app.post(protocol_ts_1.JOIN_PATH, join_ts_1.joinHandler);
    app.get("".concat(protocol_ts_1.TUNNEL_PREFIX, ":node/tunnel"), tunnel_ts_1.tunnelHandler);
}
