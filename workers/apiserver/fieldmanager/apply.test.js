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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var apply_ts_1 = require("./apply.ts");
var update_ts_1 = require("./update.ts");
var lastapplied_ts_1 = require("./lastapplied.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var errors_ts_1 = require("../../../lib/errors.ts");
var schema = fixtures_test_support_ts_1.deploymentSchema;
var base = { schema: schema, apiVersion: 'apps/v1', force: false };
var replicas = function (o) { return o.spec.replicas; };
var who = function (o) { var _a; return ((_a = o.metadata.managedFields) !== null && _a !== void 0 ? _a : []).map(function (e) { var _a; return ({ manager: e.manager, operation: e.operation, subresource: (_a = e.subresource) !== null && _a !== void 0 ? _a : null }); }); };
/** What the store does after apply: defaults, then keeps the computed managedFields. */
function store(result, live) {
    var o = (0, fixtures_test_support_ts_1.defaulted)(result.object);
    return live ? __assign(__assign({}, o), { metadata: __assign(__assign({}, o.metadata), { resourceVersion: String(Number(live.metadata.resourceVersion) + 1) }) }) : (0, fixtures_test_support_ts_1.created)(o);
}
function serverSideApply(live, config, rest) {
    return store((0, apply_ts_1.apply)(__assign(__assign(__assign({}, base), { live: live, config: config }), rest)), live);
}
/** `kubectl scale deploy vitrine --replicas=n`: an Update by `kubectl` on the scale subresource. */
function scale(live, n, now) {
    var next = (0, fixtures_test_support_ts_1.deep)(live);
    next.spec.replicas = n;
    next.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: live, updated: next, schema: schema, manager: 'kubectl', apiVersion: 'apps/v1', subresource: 'scale', now: now });
    return next;
}
/** The Deployment controller writes status. */
function controllerStatus(live, now) {
    var next = (0, fixtures_test_support_ts_1.deep)(live);
    next.status = { observedGeneration: 1, replicas: replicas(live), readyReplicas: replicas(live) };
    next.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: live, updated: next, schema: schema, manager: 'kube-controller-manager', apiVersion: 'apps/v1', subresource: 'status', now: now });
    return next;
}
function conflictOf(fn) {
    try {
        fn();
    }
    catch (e) {
        if (e instanceof errors_ts_1.StatusError)
            return e;
        throw e;
    }
    strict_1.default.fail('expected a StatusError');
}
(0, node_test_1.test)('the chapter: apply, scale, re-apply conflicts with the exact message, --force-conflicts takes the field', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:28Z') });
    strict_1.default.equal(live.metadata.managedFields[0].time, '2026-09-26T17:17:28Z');
    live = controllerStatus(live, (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:30Z'));
    live = scale(live, 4, (0, fixtures_test_support_ts_1.at)('2026-09-26T17:18:00Z'));
    strict_1.default.deepEqual(who(live), [
        { manager: 'equipe-web', operation: 'Apply', subresource: null },
        { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status' },
        { manager: 'kubectl', operation: 'Update', subresource: 'scale' },
    ]);
    strict_1.default.deepEqual(live.metadata.managedFields[2].fieldsV1, { 'f:spec': { 'f:replicas': {} } });
    var err = conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: (0, fixtures_test_support_ts_1.vitrineConfig)(2), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:19:00Z') })); });
    strict_1.default.equal(err.code, 409);
    strict_1.default.deepEqual(err.status, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
        reason: 'Conflict',
        details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl" with subresource "scale" using apps/v1', field: '.spec.replicas' }] },
        code: 409,
    });
    live = serverSideApply(live, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', force: true, now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:20:00Z') });
    strict_1.default.equal(replicas(live), 2);
    strict_1.default.deepEqual(who(live), [
        { manager: 'equipe-web', operation: 'Apply', subresource: null },
        { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status' },
    ]);
});
(0, node_test_1.test)('the brief: created by client-side apply, scaled, then another applier changing replicas conflicts with scale', function () {
    var _a, _b;
    var config = (0, fixtures_test_support_ts_1.vitrineConfig)(2);
    var obj = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(config));
    obj.metadata.annotations = (_a = {}, _a[lastapplied_ts_1.LAST_APPLIED] = JSON.stringify(config) + '\n', _a);
    obj.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: obj, schema: schema, manager: 'kubectl-client-side-apply', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var csa = obj.metadata.managedFields[0].fieldsV1;
    strict_1.default.deepEqual(csa['f:metadata'], { 'f:annotations': (_b = { '.': {} }, _b["f:".concat(lastapplied_ts_1.LAST_APPLIED)] = {}, _b) });
    strict_1.default.ok('f:replicas' in csa['f:spec']);
    var scaled = scale(obj, 4, (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z'));
    strict_1.default.equal('f:replicas' in scaled.metadata.managedFields[0].fieldsV1['f:spec'], false, 'scale took replicas from the creator');
    var err = conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: scaled, config: (0, fixtures_test_support_ts_1.vitrineConfig)(3), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') })); });
    strict_1.default.equal(err.status.message, 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas');
    // the same value is no conflict: both own it
    var shared = serverSideApply(scaled, (0, fixtures_test_support_ts_1.vitrineConfig)(4), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:03:00Z') });
    var owners = shared.metadata.managedFields.filter(function (e) { var _a; return 'f:replicas' in ((_a = e.fieldsV1['f:spec']) !== null && _a !== void 0 ? _a : {}); }).map(function (e) { return e.manager; });
    strict_1.default.deepEqual(owners, ['equipe-web', 'kubectl']);
});
(0, node_test_1.test)('exercise 3: dropping replicas keeps it when scale owns it, removes it when the applier was alone', function () {
    // (a) after kubectl scale: the field stays at 4
    var a = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    a = scale(a, 4, (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z'));
    var resultA = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: a, config: (0, fixtures_test_support_ts_1.vitrineConfig)(), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') }));
    strict_1.default.equal(replicas(resultA.object), 4);
    // (b) sole owner: the field is removed, and defaulting brings it back to 1
    var b = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    strict_1.default.equal(replicas(b), 2);
    var resultB = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: b, config: (0, fixtures_test_support_ts_1.vitrineConfig)(), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') }));
    strict_1.default.equal(replicas(resultB.object), undefined);
    strict_1.default.equal(replicas((0, fixtures_test_support_ts_1.defaulted)(resultB.object)), 1);
    // fields nobody applied (defaults) are not pruned
    strict_1.default.equal(resultB.object.spec.progressDeadlineSeconds, 600);
});
(0, node_test_1.test)('several conflicts: counted, grouped by manager, managers sorted', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'a-team', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var other = (0, fixtures_test_support_ts_1.vitrineConfig)(2);
    other.metadata.labels = { tier: 'web' };
    live = serverSideApply(live, other, { manager: 'b-team', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z') });
    var next = (0, fixtures_test_support_ts_1.vitrineConfig)(5);
    next.metadata.labels = { tier: 'front' };
    next.spec.template.spec.containers[0].image = 'nginx';
    var err = conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: next, manager: 'c-team', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') })); });
    strict_1.default.equal(err.status.message, [
        'Apply failed with 5 conflicts: conflicts with "a-team":',
        '- .spec.replicas',
        '- .spec.template.spec.containers[name="web"].image',
        'conflicts with "b-team":',
        '- .metadata.labels.tier',
        '- .spec.replicas',
        '- .spec.template.spec.containers[name="web"].image',
    ].join('\n'));
    strict_1.default.equal(err.status.details.causes.length, 5);
    strict_1.default.deepEqual(err.status.details.causes[2], { reason: 'FieldManagerConflict', message: 'conflict with "b-team"', field: '.metadata.labels.tier' });
});
(0, node_test_1.test)('associative lists merge by key: another applier adds a container without touching the first', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var sidecar = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'vitrine' },
        spec: { template: { spec: { containers: [{ name: 'proxy', image: 'envoy', ports: [{ containerPort: 9901 }] }] } } },
    };
    live = serverSideApply(live, sidecar, { manager: 'mesh', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z') });
    var containers = live.spec.template.spec.containers;
    strict_1.default.deepEqual(containers.map(function (c) { return c.name; }), ['web', 'proxy']);
    strict_1.default.equal(containers[0].image, 'registry.k8s.io/e2e-test-images/agnhost:2.61');
    var mesh = live.metadata.managedFields.find(function (e) { return e.manager === 'mesh'; });
    strict_1.default.deepEqual(mesh.fieldsV1, {
        'f:spec': {
            'f:template': {
                'f:spec': {
                    'f:containers': { 'k:{"name":"proxy"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":9901,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } } },
                },
            },
        },
    });
    // the mesh drops its container: it goes, the team's stays
    var dropped = __assign(__assign({}, sidecar), { spec: { template: { spec: { containers: [] } } } });
    var after = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: dropped, manager: 'mesh', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') }));
    strict_1.default.deepEqual(after.object.spec.template.spec.containers.map(function (c) { return c.name; }), ['web']);
    strict_1.default.deepEqual(who(after.object).map(function (w) { return w.manager; }), ['equipe-web'], 'a manager left with nothing disappears');
});
(0, node_test_1.test)('a no-op re-apply keeps the entry time; a change moves it', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var again = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: (0, fixtures_test_support_ts_1.vitrineConfig)(2), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') }));
    strict_1.default.equal(again.managedFields[0].time, '2026-09-26T17:00:00Z');
    var changed = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: (0, fixtures_test_support_ts_1.vitrineConfig)(3), manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') }));
    strict_1.default.equal(changed.managedFields[0].time, '2026-09-26T18:00:00Z');
    strict_1.default.equal(changed.object.metadata.managedFields, changed.managedFields);
});
(0, node_test_1.test)('kubectl server-side apply takes over its own client-side apply without conflicts, and rewrites the annotation', function () {
    var _a;
    var config = (0, fixtures_test_support_ts_1.vitrineConfig)(2);
    var obj = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(config));
    obj.metadata.annotations = (_a = {}, _a[lastapplied_ts_1.LAST_APPLIED] = JSON.stringify(config), _a);
    obj.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: obj, schema: schema, manager: 'kubectl-client-side-apply', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var next = (0, fixtures_test_support_ts_1.vitrineConfig)(3);
    strict_1.default.throws(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: obj, config: next, manager: 'someone-else', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z') })); }, /Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1: .spec.replicas/);
    var res = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: obj, config: next, manager: 'kubectl', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z') }));
    strict_1.default.equal(replicas(res.object), 3);
    var annotation = res.object.metadata.annotations[lastapplied_ts_1.LAST_APPLIED];
    strict_1.default.ok(annotation.endsWith('\n'));
    strict_1.default.equal(JSON.parse(annotation).spec.replicas, 3);
    strict_1.default.ok(annotation.startsWith('{"apiVersion":"apps/v1","kind":"Deployment","metadata":'), 'keys sorted as Go writes them');
});
(0, node_test_1.test)('refusals: missing fieldManager, managedFields in the config, wrong version, unkeyed items', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'equipe-web', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var noManager = conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: (0, fixtures_test_support_ts_1.vitrineConfig)(2), manager: '', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') })); });
    strict_1.default.deepEqual(noManager.status, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        reason: 'Invalid',
        details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] },
        code: 422,
    });
    var withManaged = (0, fixtures_test_support_ts_1.vitrineConfig)(2);
    withManaged.metadata.managedFields = [];
    strict_1.default.equal(conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: withManaged, manager: 'm', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') })); }).status.message, 'metadata.managedFields must be nil');
    var v1 = __assign(__assign({}, (0, fixtures_test_support_ts_1.vitrineConfig)(2)), { apiVersion: 'apps/v1beta1' });
    strict_1.default.equal(conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: v1, manager: 'm', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') })); }).status.message, 'Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1');
    var unkeyed = (0, fixtures_test_support_ts_1.vitrineConfig)(2);
    unkeyed.spec.template.spec.containers.push({ image: 'x' });
    var err = conflictOf(function () { return (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: unkeyed, manager: 'm', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') })); });
    strict_1.default.equal(err.code, 500);
    strict_1.default.equal(err.status.message, "failed to create typed patch object (ch34/vitrine; apps/v1, Kind=Deployment): .spec.template.spec.containers: element 1: associative list with keys has an element that omits key field \"name\" (and doesn't have default value)");
});
(0, node_test_1.test)('a field co-owned by two appliers survives when one drops it; only ownership is released', function () {
    var live = serverSideApply(undefined, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'a', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    live = serverSideApply(live, (0, fixtures_test_support_ts_1.vitrineConfig)(2), { manager: 'b', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:01:00Z') });
    var res = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: live, config: (0, fixtures_test_support_ts_1.vitrineConfig)(), manager: 'a', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:02:00Z') }));
    strict_1.default.equal(replicas(res.object), 2);
    var owners = res.managedFields.filter(function (e) { return 'f:replicas' in e.fieldsV1['f:spec']; }).map(function (e) { return e.manager; });
    strict_1.default.deepEqual(owners, ['b']);
});
(0, node_test_1.test)('reset fields in an applied configuration are not owned', function () {
    var config = __assign(__assign({}, (0, fixtures_test_support_ts_1.vitrineConfig)(2)), { status: { replicas: 7 } });
    var res = (0, apply_ts_1.apply)(__assign(__assign({}, base), { live: undefined, config: config, manager: 'a', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z'), resetFields: [['status']] }));
    strict_1.default.equal('f:status' in res.managedFields[0].fieldsV1, false);
    strict_1.default.ok('f:spec' in res.managedFields[0].fieldsV1);
});
