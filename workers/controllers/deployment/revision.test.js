"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var revision_ts_1 = require("./revision.ts");
var d = function (annotations) {
    if (annotations === void 0) { annotations = {}; }
    return ({ metadata: { name: 'd', annotations: annotations }, spec: { replicas: 3 } });
};
var rs = function (annotations) { return ({ metadata: { name: 'rs', annotations: annotations } }); };
(0, node_test_1.test)('a new ReplicaSet gets the revision, the sizes and the Deployment annotations, not the skipped ones', function () {
    var r = rs();
    var dep = d({ 'kubernetes.io/change-cause': 'kubectl set image', 'deployment.kubernetes.io/revision': '7', 'kubectl.kubernetes.io/last-applied-configuration': '{}' });
    strict_1.default.ok((0, revision_ts_1.setNewReplicaSetAnnotations)(dep, r, 1, false, 1));
    strict_1.default.deepEqual(r.metadata.annotations, {
        'kubernetes.io/change-cause': 'kubectl set image',
        'deployment.kubernetes.io/revision': '1',
        'deployment.kubernetes.io/desired-replicas': '3',
        'deployment.kubernetes.io/max-replicas': '4',
    });
    strict_1.default.ok(!(0, revision_ts_1.setNewReplicaSetAnnotations)(dep, r, 1, true, 1), 'nothing more to change');
});
(0, node_test_1.test)('a revision is raised, never lowered; bringing an old one back keeps its history', function () {
    var r = rs({ 'deployment.kubernetes.io/revision': '5' });
    strict_1.default.ok(!(0, revision_ts_1.setNewReplicaSetAnnotations)(d(), r, 3, true, 1));
    strict_1.default.equal((0, revision_ts_1.revisionOf)(r), 5);
    var back = rs({ 'deployment.kubernetes.io/revision': '1' });
    strict_1.default.ok((0, revision_ts_1.setNewReplicaSetAnnotations)(d(), back, 3, true, 1));
    strict_1.default.equal(back.metadata.annotations['deployment.kubernetes.io/revision'], '3');
    strict_1.default.equal(back.metadata.annotations['deployment.kubernetes.io/revision-history'], '1');
    (0, revision_ts_1.setNewReplicaSetAnnotations)(d(), back, 5, true, 1);
    strict_1.default.equal(back.metadata.annotations['deployment.kubernetes.io/revision-history'], '1,3');
});
(0, node_test_1.test)('revisions: missing is 0, unreadable is ignored; the Deployment follows its new ReplicaSet', function () {
    strict_1.default.equal((0, revision_ts_1.maxRevision)([rs({ 'deployment.kubernetes.io/revision': '2' }), rs(), rs({ 'deployment.kubernetes.io/revision': 'x' })]), 2);
    var dep = d();
    strict_1.default.ok((0, revision_ts_1.setDeploymentRevision)(dep, '2'));
    strict_1.default.ok(!(0, revision_ts_1.setDeploymentRevision)(dep, '2'));
    strict_1.default.equal(dep.metadata.annotations['deployment.kubernetes.io/revision'], '2');
});
