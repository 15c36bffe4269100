"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.hubFor = hubFor;
exports.storeContext = storeContext;
exports.committing = committing;
var index_ts_1 = require("../fieldmanager/index.ts");
var params_ts_1 = require("./params.ts");
function hubFor(env, cluster, desc) {
    return env.WATCH_HUB.get(env.WATCH_HUB.idFromName("".concat(cluster, "/").concat(desc.group, "/").concat(desc.resource)));
}
var OPTIONS_KIND = { create: 'CreateOptions', update: 'UpdateOptions', patch: 'PatchOptions' };
/** fieldManager and force, checked as Kubernetes checks its Create/Update/PatchOptions. */
function manager(c, q) {
    var _a, _b, _c;
    var fieldManager = q.get('fieldManager');
    var verb = c.get('info').verb;
    if (verb === 'create' || verb === 'update' || verb === 'patch') {
        var apply = (_b = (_a = c.req.header('Content-Type')) === null || _a === void 0 ? void 0 : _a.startsWith('application/apply-patch')) !== null && _b !== void 0 ? _b : false;
        var err = (0, index_ts_1.fieldManagerOptionsError)(OPTIONS_KIND[verb], { fieldManager: fieldManager, force: q.has('force') ? (0, params_ts_1.boolParam)(q, 'force') : null, apply: apply });
        if (err)
            throw err;
    }
    return (0, index_ts_1.managerFromRequest)(fieldManager, (_c = c.req.header('User-Agent')) !== null && _c !== void 0 ? _c : null);
}
function storeContext(c) {
    var q = new URL(c.req.url).searchParams;
    return committing(c.env, function (p) { return c.executionCtx.waitUntil(p); }, {
        storage: c.get('storage'),
        cluster: c.get('cluster'),
        user: c.get('user'),
        manager: manager(c, q),
        dryRun: (0, params_ts_1.dryRun)(q),
        now: function () { return new Date(); },
    });
}
/** Completes a store context with what follows every commit: a poke to the watch hub, a change message. */
function committing(env, waitUntil, base) {
    return __assign(__assign({ serviceClusterIPRange: env.SERVICE_CLUSTER_IP_RANGE }, base), { afterCommit: function (desc, type, obj) {
            var _a;
            var rev = Number(obj.metadata.resourceVersion);
            var message = { cluster: base.cluster, rev: rev, group: desc.group, resource: desc.resource, namespace: obj.metadata.namespace, name: obj.metadata.name, type: type };
            waitUntil(Promise.allSettled([hubFor(env, base.cluster, desc).poke(rev), (_a = env.CHANGES) === null || _a === void 0 ? void 0 : _a.send(message)]));
        } });
}
