"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.podResourceClaim = exports.podOS = exports.podSchedulingGate = exports.podReadinessGate = exports.podDNSConfig = exports.hostAlias = exports.topologySpreadConstraint = exports.affinity = exports.podAffinityTerm = exports.nodeAffinity = exports.nodeSelector = exports.nodeSelectorTerm = exports.nodeSelectorRequirement = exports.toleration = void 0;
/** core/v1 scheduling constraints of a pod: affinity, tolerations, topology spread, gates. */
var fields_ts_1 = require("../../../schema/fields.ts");
var meta_ts_1 = require("../../meta.ts");
exports.toleration = (0, fields_ts_1.message)({
    key: (0, fields_ts_1.str)(1, { doc: 'The taint key that the toleration applies to. Empty means match all taint keys.' }),
    operator: (0, fields_ts_1.str)(2, { doc: "Key's relationship to the value: Exists or Equal. Defaults to Equal." }),
    value: (0, fields_ts_1.str)(3, { doc: 'The taint value the toleration matches to.' }),
    effect: (0, fields_ts_1.str)(4, { doc: 'The taint effect to match: NoSchedule, PreferNoSchedule or NoExecute; empty matches all.' }),
    tolerationSeconds: (0, fields_ts_1.int64)(5, { ptr: true, doc: 'How long a NoExecute taint is tolerated before eviction; unset means forever.' }),
});
exports.nodeSelectorRequirement = (0, fields_ts_1.message)({
    key: (0, fields_ts_1.str)(1, { keep: true, doc: 'The label key that the selector applies to.' }),
    operator: (0, fields_ts_1.str)(2, { keep: true, doc: "Key's relationship to values: In, NotIn, Exists, DoesNotExist, Gt or Lt." }),
    values: (0, fields_ts_1.strList)(3, { listType: 'atomic', doc: 'An array of string values.' }),
});
exports.nodeSelectorTerm = (0, fields_ts_1.message)({
    matchExpressions: (0, fields_ts_1.list)(1, exports.nodeSelectorRequirement, { listType: 'atomic', doc: "Node selector requirements by node's labels." }),
    matchFields: (0, fields_ts_1.list)(2, exports.nodeSelectorRequirement, { listType: 'atomic', doc: "Node selector requirements by node's fields." }),
}, { structType: 'atomic' });
exports.nodeSelector = (0, fields_ts_1.message)({ nodeSelectorTerms: (0, fields_ts_1.list)(1, exports.nodeSelectorTerm, { listType: 'atomic', keep: true, doc: 'Required. A list of node selector terms. The terms are ORed.' }) }, { structType: 'atomic' });
var weight = (0, fields_ts_1.int32)(1, { keep: true, doc: 'Weight associated with matching the corresponding term, in the range 1-100.' });
exports.nodeAffinity = (0, fields_ts_1.message)({
    requiredDuringSchedulingIgnoredDuringExecution: (0, fields_ts_1.obj)(1, exports.nodeSelector, { ptr: true, doc: 'Node requirements that must be met at scheduling time.' }),
    preferredDuringSchedulingIgnoredDuringExecution: (0, fields_ts_1.list)(2, (0, fields_ts_1.message)({ weight: weight, preference: (0, fields_ts_1.obj)(2, exports.nodeSelectorTerm, { doc: 'A node selector term, associated with the corresponding weight.' }) }), { listType: 'atomic', doc: 'Nodes the scheduler prefers, by weight.' }),
});
exports.podAffinityTerm = (0, fields_ts_1.message)({
    labelSelector: (0, fields_ts_1.obj)(1, meta_ts_1.labelSelector, { ptr: true, doc: 'A label query over a set of resources, in this case pods.' }),
    namespaces: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'Namespace names that the term applies to.' }),
    topologyKey: (0, fields_ts_1.str)(3, { keep: true, doc: 'Node label key that defines co-location.' }),
    namespaceSelector: (0, fields_ts_1.obj)(4, meta_ts_1.labelSelector, { ptr: true, doc: 'A label query over the set of namespaces that the term applies to.' }),
    matchLabelKeys: (0, fields_ts_1.strList)(5, { listType: 'atomic', doc: 'Pod label keys whose values are merged into labelSelector as `key in (value)`.' }),
    mismatchLabelKeys: (0, fields_ts_1.strList)(6, { listType: 'atomic', doc: 'Pod label keys whose values are merged into labelSelector as `key notin (value)`.' }),
});
var podAffinityType = function (what) {
    return (0, fields_ts_1.message)({
        requiredDuringSchedulingIgnoredDuringExecution: (0, fields_ts_1.list)(1, exports.podAffinityTerm, { listType: 'atomic', doc: "".concat(what, " requirements that must be met at scheduling time.") }),
        preferredDuringSchedulingIgnoredDuringExecution: (0, fields_ts_1.list)(2, (0, fields_ts_1.message)({ weight: weight, podAffinityTerm: (0, fields_ts_1.obj)(2, exports.podAffinityTerm, { doc: 'A pod affinity term, associated with the corresponding weight.' }) }), { listType: 'atomic', doc: "".concat(what, " expressions the scheduler prefers, by weight.") }),
    });
};
exports.affinity = (0, fields_ts_1.message)({
    nodeAffinity: (0, fields_ts_1.obj)(1, exports.nodeAffinity, { ptr: true, doc: 'Describes node affinity scheduling rules for the pod.' }),
    podAffinity: (0, fields_ts_1.obj)(2, podAffinityType('Pod affinity'), { ptr: true, doc: 'Describes pod affinity scheduling rules.' }),
    podAntiAffinity: (0, fields_ts_1.obj)(3, podAffinityType('Pod anti-affinity'), { ptr: true, doc: 'Describes pod anti-affinity scheduling rules.' }),
});
exports.topologySpreadConstraint = (0, fields_ts_1.message)({
    maxSkew: (0, fields_ts_1.int32)(1, { keep: true, doc: 'The degree to which pods may be unevenly distributed.' }),
    topologyKey: (0, fields_ts_1.str)(2, { keep: true, doc: 'The key of node labels; nodes with the same value are in the same topology.' }),
    whenUnsatisfiable: (0, fields_ts_1.str)(3, { keep: true, doc: 'How to deal with a pod that does not satisfy the constraint: DoNotSchedule or ScheduleAnyway.' }),
    labelSelector: (0, fields_ts_1.obj)(4, meta_ts_1.labelSelector, { ptr: true, doc: 'Finds matching pods, counted to determine the number of pods in their topology domain.' }),
    minDomains: (0, fields_ts_1.int32)(5, { ptr: true, doc: 'A minimum number of eligible domains.' }),
    nodeAffinityPolicy: (0, fields_ts_1.str)(6, { ptr: true, doc: "How the pod's nodeAffinity/nodeSelector is treated when calculating skew: Honor or Ignore." }),
    nodeTaintsPolicy: (0, fields_ts_1.str)(7, { ptr: true, doc: 'How node taints are treated when calculating skew: Honor or Ignore.' }),
    matchLabelKeys: (0, fields_ts_1.strList)(8, { listType: 'atomic', doc: 'Pod label keys to select the pods over which spreading will be calculated.' }),
});
exports.hostAlias = (0, fields_ts_1.message)({
    ip: (0, fields_ts_1.str)(1, { keep: true, doc: 'IP address of the host file entry.' }),
    hostnames: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'Hostnames for the above IP address.' }),
});
exports.podDNSConfig = (0, fields_ts_1.message)({
    nameservers: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'DNS name server IP addresses, appended to those of the DNS policy.' }),
    searches: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'DNS search domains for host-name lookup.' }),
    options: (0, fields_ts_1.list)(3, (0, fields_ts_1.message)({
        name: (0, fields_ts_1.str)(1, { doc: "This DNS resolver option's name." }),
        value: (0, fields_ts_1.str)(2, { ptr: true, doc: "This DNS resolver option's value." }),
    }), { listType: 'atomic', doc: 'DNS resolver options.' }),
});
exports.podReadinessGate = (0, fields_ts_1.message)({
    conditionType: (0, fields_ts_1.str)(1, { keep: true, doc: "Refers to a condition in the pod's condition list with matching type." }),
});
exports.podSchedulingGate = (0, fields_ts_1.message)({ name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the scheduling gate.' }) });
exports.podOS = (0, fields_ts_1.message)({ name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the operating system: linux or windows.' }) });
exports.podResourceClaim = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Uniquely identifies this resource claim inside the pod.' }),
    resourceClaimName: (0, fields_ts_1.str)(3, { ptr: true, doc: 'Name of a ResourceClaim object in the same namespace as this pod.' }),
    resourceClaimTemplateName: (0, fields_ts_1.str)(4, { ptr: true, doc: 'Name of a ResourceClaimTemplate object in the same namespace as this pod.' }),
});
