"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.bootstrapAuthorizer = exports.CLUSTER_INFO = void 0;
/**
 * What a node may do before it is one: a bootstrap token (group system:bootstrappers) may exchange
 * itself for a node credential, and anyone may read kube-public/cluster-info, whose CA a joining
 * node trusts only after checking the signature made with its token (kubeadm's discovery).
 */
var protocol_ts_1 = require("../../../lib/tunnel/protocol.ts");
var bootstrap_token_ts_1 = require("./bootstrap-token.ts");
exports.CLUSTER_INFO = { namespace: 'kube-public', name: 'cluster-info' };
var bootstrapAuthorizer = function (user, info) {
    if (!info.isResourceRequest)
        return { allowed: info.verb === 'post' && info.path === protocol_ts_1.JOIN_PATH && user.groups.includes(bootstrap_token_ts_1.BOOTSTRAPPERS) };
    var clusterInfo = info.group === '' && info.resource === 'configmaps' && !info.subresource && info.namespace === exports.CLUSTER_INFO.namespace && info.name === exports.CLUSTER_INFO.name;
    return { allowed: clusterInfo && info.verb === 'get' };
};
exports.bootstrapAuthorizer = bootstrapAuthorizer;
