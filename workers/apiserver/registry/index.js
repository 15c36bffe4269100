"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.byGroupKind = exports.byResource = exports.kinds = void 0;
exports.groups = groups;
exports.storageKey = storageKey;
exports.storagePrefix = storagePrefix;
var configmaps_ts_1 = require("./kinds/configmaps.ts");
var deployments_ts_1 = require("./kinds/deployments.ts");
var endpoints_ts_1 = require("./kinds/endpoints.ts");
var endpointslices_ts_1 = require("./kinds/endpointslices.ts");
var events_ts_1 = require("./kinds/events.ts");
var events_k8s_io_ts_1 = require("./kinds/events-k8s-io.ts");
var leases_ts_1 = require("./kinds/leases.ts");
var namespaces_ts_1 = require("./kinds/namespaces.ts");
var nodes_ts_1 = require("./kinds/nodes.ts");
var pods_ts_1 = require("./kinds/pods.ts");
var replicasets_ts_1 = require("./kinds/replicasets.ts");
var secrets_ts_1 = require("./kinds/secrets.ts");
var serviceaccounts_ts_1 = require("./kinds/serviceaccounts.ts");
var services_ts_1 = require("./kinds/services.ts");
/** A kind's descriptor typed for the generic code (hooks take any object). */
var generic = function (d) { return d; };
exports.kinds = [
    namespaces_ts_1.default,
    configmaps_ts_1.default,
    secrets_ts_1.default,
    pods_ts_1.default,
    services_ts_1.default,
    serviceaccounts_ts_1.default,
    nodes_ts_1.default,
    events_ts_1.default,
    endpoints_ts_1.default,
    deployments_ts_1.default,
    replicasets_ts_1.default,
    endpointslices_ts_1.default,
    leases_ts_1.default,
    events_k8s_io_ts_1.default,
].map(generic);
var byResourceKey = new Map(exports.kinds.map(function (d) { return ["".concat(d.group, "/").concat(d.version, "/").concat(d.resource), d]; }));
var byKindKey = new Map(exports.kinds.map(function (d) { return ["".concat(d.group, "/").concat(d.kind), d]; }));
var byResource = function (group, version, resource) {
    return byResourceKey.get("".concat(group, "/").concat(version, "/").concat(resource));
};
exports.byResource = byResource;
var byGroupKind = function (group, kind) { return byKindKey.get("".concat(group, "/").concat(kind)); };
exports.byGroupKind = byGroupKind;
/** Served group/versions in discovery order (core first). */
function groups() {
    var seen = new Set();
    var out = [];
    for (var _i = 0, kinds_1 = exports.kinds; _i < kinds_1.length; _i++) {
        var d = kinds_1[_i];
        var key = "".concat(d.group, "/").concat(d.version);
        if (!seen.has(key))
            out.push({ group: d.group, version: d.version });
        seen.add(key);
    }
    return out;
}
/**
 * The resource segment of storage keys, as etcd's keys look: core and apps resources bare
 * (`/registry/pods/...`, `/registry/deployments/...`), other groups qualified
 * (`/registry/leases.coordination.k8s.io/...`), so same-named resources never share a prefix.
 */
var keyResource = function (d) { return (d.group === '' || d.group === 'apps' ? d.resource : "".concat(d.resource, ".").concat(d.group)); };
/** `/registry/<resource>/<namespace>/<name>`, or `/registry/<resource>/<name>` when cluster-scoped. */
function storageKey(d, namespace, name) {
    return d.namespaced ? "/registry/".concat(keyResource(d), "/").concat(namespace !== null && namespace !== void 0 ? namespace : '', "/").concat(name) : "/registry/".concat(keyResource(d), "/").concat(name);
}
/** The prefix that lists one namespace (or every namespace / the cluster scope); always ends in `/`. */
function storagePrefix(d, namespace) {
    return d.namespaced && namespace ? "/registry/".concat(keyResource(d), "/").concat(namespace, "/") : "/registry/".concat(keyResource(d), "/");
}
