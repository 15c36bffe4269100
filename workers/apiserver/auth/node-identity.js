"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nodeUser = exports.NODES_GROUP = void 0;
exports.nodeIdentity = nodeIdentity;
exports.NODES_GROUP = 'system:nodes';
var PREFIX = 'system:node:';
/** The node's name ('' when the user is in system:nodes without a node name), or undefined for non-nodes. */
function nodeIdentity(user) {
    if (!user.groups.includes(exports.NODES_GROUP) || !user.username.startsWith(PREFIX))
        return undefined;
    return user.username.slice(PREFIX.length);
}
var nodeUser = function (name) { return ({ sub: "".concat(PREFIX).concat(name), groups: [exports.NODES_GROUP, 'system:authenticated'] }); };
exports.nodeUser = nodeUser;
