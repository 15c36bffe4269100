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
var strict_1 = require("node:assert/strict");
var node_test_1 = require("node:test");
var references_ts_1 = require("./references.ts");
var ref = function (uid, block) {
    if (block === void 0) { block = false; }
    return ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: "rs-".concat(uid), uid: uid, controller: true, blockOwnerDeletion: block });
};
var obj = function (meta) {
    if (meta === void 0) { meta = {}; }
    return ({ metadata: __assign({ name: 'x', namespace: 'ns', uid: 'self', resourceVersion: '7' }, meta) });
};
var states = function (entries) { return new Map(entries); };
(0, node_test_1.test)('ownerState: absent or another uid is dangling, foreground deletion is waiting', function () {
    strict_1.default.equal((0, references_ts_1.ownerState)(undefined, ref('a')), 'dangling');
    strict_1.default.equal((0, references_ts_1.ownerState)(obj({ uid: 'b' }), ref('a')), 'dangling');
    strict_1.default.equal((0, references_ts_1.ownerState)(obj({ uid: 'a' }), ref('a')), 'solid');
    strict_1.default.equal((0, references_ts_1.ownerState)(obj({ uid: 'a', deletionTimestamp: 't', finalizers: ['orphan'] }), ref('a')), 'solid');
    strict_1.default.equal((0, references_ts_1.ownerState)(obj({ uid: 'a', deletionTimestamp: 't', finalizers: ['foregroundDeletion'] }), ref('a')), 'waiting');
});
(0, node_test_1.test)('decide: no owner left → delete in the background, honouring finalizers already there', function () {
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Background' });
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')], finalizers: ['orphan'] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Orphan' });
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')], finalizers: ['foregroundDeletion'] }), states([['a', 'dangling']]), false), { action: 'delete', policy: 'Foreground' });
});
(0, node_test_1.test)('decide: a waiting owner deletes a dependent that has dependents in the foreground', function () {
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')] }), states([['a', 'waiting']]), true), { action: 'delete', policy: 'Foreground' });
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')] }), states([['a', 'waiting']]), false), { action: 'delete', policy: 'Background' });
});
(0, node_test_1.test)('decide: a remaining owner keeps the object and drops the other references', function () {
    var o = obj({ ownerReferences: [ref('a'), ref('b'), ref('c')] });
    strict_1.default.deepEqual((0, references_ts_1.decide)(o, states([['a', 'solid'], ['b', 'dangling'], ['c', 'waiting']]), true), { action: 'remove-refs', uids: ['b', 'c'] });
    strict_1.default.deepEqual((0, references_ts_1.decide)(o, states([['a', 'solid'], ['b', 'solid'], ['c', 'solid']]), true), { action: 'keep' });
});
(0, node_test_1.test)('decide: objects without owners, or already being deleted, are left alone', function () {
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj(), states([]), false), { action: 'keep' });
    strict_1.default.deepEqual((0, references_ts_1.decide)(obj({ ownerReferences: [ref('a')], deletionTimestamp: 't' }), states([['a', 'dangling']]), false), { action: 'keep' });
});
(0, node_test_1.test)('dependents and blocking dependents are found by uid', function () {
    var owner = obj({ uid: 'a' });
    var all = [{ obj: obj({ name: 'p1', ownerReferences: [ref('a', true)] }) }, { obj: obj({ name: 'p2', ownerReferences: [ref('a')] }) }, { obj: obj({ name: 'p3', ownerReferences: [ref('z', true)] }) }];
    var deps = (0, references_ts_1.dependentsOf)(owner, all);
    strict_1.default.deepEqual(deps.map(function (d) { return d.obj.metadata.name; }), ['p1', 'p2']);
    strict_1.default.deepEqual((0, references_ts_1.blockingDependents)(owner, deps).map(function (d) { return d.obj.metadata.name; }), ['p1']);
});
(0, node_test_1.test)('patches are conditional on the version read, and drop emptied lists', function () {
    strict_1.default.deepEqual((0, references_ts_1.dropRefsPatch)(obj({ ownerReferences: [ref('a'), ref('b')] }), ['a']), { metadata: { ownerReferences: [ref('b')], uid: 'self', resourceVersion: '7' } });
    strict_1.default.deepEqual((0, references_ts_1.dropRefsPatch)(obj({ ownerReferences: [ref('a')] }), ['a']), { metadata: { ownerReferences: null, uid: 'self', resourceVersion: '7' } });
    strict_1.default.deepEqual((0, references_ts_1.dropFinalizerPatch)(obj({ finalizers: ['orphan', 'x'] }), 'orphan'), { metadata: { finalizers: ['x'], resourceVersion: '7' } });
    strict_1.default.deepEqual((0, references_ts_1.dropFinalizerPatch)(obj({ finalizers: ['orphan'] }), 'orphan'), { metadata: { finalizers: null, resourceVersion: '7' } });
});
