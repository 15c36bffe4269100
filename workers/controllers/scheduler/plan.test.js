"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var plan_ts_1 = require("./plan.ts");
var snapshot_ts_1 = require("./snapshot.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
var placement = function (ds) { return Object.fromEntries(ds.map(function (d) { var _a; return [d.pod.metadata.name, (_a = d.node) !== null && _a !== void 0 ? _a : d.message]; })); };
var count = function (ds, node) { return ds.filter(function (d) { return d.node === node; }).length; };
(0, node_test_1.test)("a ReplicaSet's pods are spread over equal nodes", function () {
    var pods = ['a', 'b', 'c', 'd'].map(function (n) { return (0, fake_context_test_support_ts_1.makePod)("rs-".concat(n), { owner: 'rs' }); });
    var ds = (0, plan_ts_1.plan)(pods, (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1'), (0, fake_context_test_support_ts_1.makeNode)('n2')], []), function () { return 0; });
    strict_1.default.equal(count(ds, 'n1'), 2);
    strict_1.default.equal(count(ds, 'n2'), 2);
});
(0, node_test_1.test)('spreading accounts for the pods already bound', function () {
    var bound = [(0, fake_context_test_support_ts_1.makePod)('old-1', { owner: 'rs', node: 'n1' }), (0, fake_context_test_support_ts_1.makePod)('old-2', { owner: 'rs', node: 'n1' })];
    var ds = (0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('new-1', { owner: 'rs' }), (0, fake_context_test_support_ts_1.makePod)('new-2', { owner: 'rs' })], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1'), (0, fake_context_test_support_ts_1.makeNode)('n2')], bound), function () { return 0; });
    strict_1.default.deepEqual(placement(ds), { 'new-1': 'n2', 'new-2': 'n2' });
});
(0, node_test_1.test)('the least allocated node wins, and each placement is counted for the next pod of the batch', function () {
    var ds = (0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('p1', { cpu: '3' }), (0, fake_context_test_support_ts_1.makePod)('p2', { cpu: '3' }), (0, fake_context_test_support_ts_1.makePod)('p3', { cpu: '3' })], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1', { cpu: '4' }), (0, fake_context_test_support_ts_1.makeNode)('n2', { cpu: '8' })], []), function () { return 0; });
    // whatever the choices, the three fit only if each placement is counted for the next
    var used = { n1: 0, n2: 0 };
    for (var _i = 0, ds_1 = ds; _i < ds_1.length; _i++) {
        var d = ds_1[_i];
        if (d.node)
            used[d.node] += 3;
    }
    strict_1.default.ok(used.n1 <= 4 && used.n2 <= 8, JSON.stringify(placement(ds)));
    strict_1.default.equal(ds.filter(function (d) { return d.node; }).length, 3);
    strict_1.default.equal(ds[0].node, 'n2', 'the emptier node first');
});
(0, node_test_1.test)('a full batch: the pod that no longer fits is unschedulable with the reasons', function () {
    var ds = (0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('p1', { cpu: '3' }), (0, fake_context_test_support_ts_1.makePod)('p2', { cpu: '3' })], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1', { cpu: '4' })], []));
    strict_1.default.equal(ds[0].node, 'n1');
    strict_1.default.deepEqual(ds[1], {
        pod: ds[1].pod,
        reason: 'Unschedulable',
        message: '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
    });
});
(0, node_test_1.test)('higher priority first, then the oldest', function () {
    var old = (0, fake_context_test_support_ts_1.makePod)('old');
    var young = (0, fake_context_test_support_ts_1.makePod)('young');
    var ds = (0, plan_ts_1.plan)([young, old, (0, fake_context_test_support_ts_1.makePod)('vip', { priority: 1000 })], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1', { pods: '1' })], []));
    strict_1.default.deepEqual(ds.map(function (d) { return d.pod.metadata.name; }), ['vip', 'old', 'young']);
    strict_1.default.equal(ds[0].node, 'n1');
    strict_1.default.match(ds[1].message, /^0\/1 nodes are available: 1 Too many pods\./);
});
(0, node_test_1.test)('unschedulable, tainted, not ready and unmatched nodes are filtered with their reasons', function () {
    var nodes = [
        (0, fake_context_test_support_ts_1.makeNode)('cordoned', { unschedulable: true }),
        (0, fake_context_test_support_ts_1.makeNode)('tainted', { taints: [{ key: 'gpu', value: 'oui', effect: 'NoExecute' }] }),
        (0, fake_context_test_support_ts_1.makeNode)('lost', { ready: 'Unknown' }),
        (0, fake_context_test_support_ts_1.makeNode)('other', { labels: { disque: 'hdd' } }),
    ];
    var d = (0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('p', { spec: { nodeSelector: { disque: 'ssd' } } })], (0, snapshot_ts_1.snapshot)(nodes, []))[0];
    strict_1.default.equal(d.message, "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {gpu: oui}, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 node(s) were unschedulable. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..");
    var tolerant = (0, fake_context_test_support_ts_1.makePod)('t', { spec: { tolerations: [{ key: 'gpu', operator: 'Exists' }, { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] } });
    var placed = (0, plan_ts_1.plan)([tolerant], (0, snapshot_ts_1.snapshot)(nodes.slice(0, 2), []), function () { return 0; });
    strict_1.default.ok(placed[0].node === 'cordoned' || placed[0].node === 'tainted');
});
(0, node_test_1.test)('host ports conflict on a node', function () {
    var withPort = function (name, node) {
        return (0, fake_context_test_support_ts_1.makePod)(name, { node: node, spec: { containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }] }] } });
    };
    var ds = (0, plan_ts_1.plan)([withPort('new')], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1'), (0, fake_context_test_support_ts_1.makeNode)('n2')], [withPort('old', 'n1')]));
    strict_1.default.equal(ds[0].node, 'n2');
    var full = (0, plan_ts_1.plan)([withPort('new')], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1')], [withPort('old', 'n1')]));
    strict_1.default.match(full[0].message, /^0\/1 nodes are available: 1 node\(s\) didn't have free ports for the requested pod ports\./);
});
(0, node_test_1.test)('a PreferNoSchedule taint and preferred affinity steer the choice', function () {
    var nodes = [(0, fake_context_test_support_ts_1.makeNode)('n1', { taints: [{ key: 'bof', effect: 'PreferNoSchedule' }] }), (0, fake_context_test_support_ts_1.makeNode)('n2')];
    strict_1.default.equal((0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('p')], (0, snapshot_ts_1.snapshot)(nodes, []), function () { return 0; })[0].node, 'n2');
    var prefers = (0, fake_context_test_support_ts_1.makePod)('q', {
        spec: { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] } }] } } },
    });
    strict_1.default.equal((0, plan_ts_1.plan)([prefers], (0, snapshot_ts_1.snapshot)([(0, fake_context_test_support_ts_1.makeNode)('n1'), (0, fake_context_test_support_ts_1.makeNode)('n2')], []), function () { return 0.99; })[0].node, 'n1');
});
(0, node_test_1.test)('no nodes at all', function () {
    strict_1.default.deepEqual((0, plan_ts_1.plan)([(0, fake_context_test_support_ts_1.makePod)('p')], (0, snapshot_ts_1.snapshot)([], [])).map(function (d) { return d.message; }), ['no nodes available to schedule pods']);
});
(0, node_test_1.test)('1 000 pods on 100 nodes are planned fast, evenly, without overcommitting', function () {
    var nodes = Array.from({ length: 100 }, function (_, i) { return (0, fake_context_test_support_ts_1.makeNode)("n".concat(i), { cpu: '32', memory: '64Gi' }); });
    var pods = Array.from({ length: 1000 }, function (_, i) { return (0, fake_context_test_support_ts_1.makePod)("p".concat(i), { cpu: '100m', memory: '128Mi', owner: "rs".concat(i % 10) }); });
    var started = performance.now();
    var ds = (0, plan_ts_1.plan)(pods, (0, snapshot_ts_1.snapshot)(nodes, []));
    var ms = performance.now() - started;
    strict_1.default.equal(ds.filter(function (d) { return d.node; }).length, 1000);
    var perNode = nodes.map(function (n) { return count(ds, n.metadata.name); });
    strict_1.default.ok(Math.max.apply(Math, perNode) - Math.min.apply(Math, perNode) <= 2, "spread ".concat(Math.min.apply(Math, perNode), "..").concat(Math.max.apply(Math, perNode)));
    strict_1.default.ok(ms < 2000, "planning took ".concat(ms, " ms"));
});
