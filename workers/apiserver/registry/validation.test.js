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
var errors_ts_1 = require("../../../lib/errors.ts");
var validation_ts_1 = require("./validation.ts");
var SUBDOMAIN_TEXT = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
(0, node_test_1.test)('the Bad_Name example renders exactly', function () {
    var _a;
    var errs = (0, validation_ts_1.validateObjectMeta)({ metadata: { name: 'Bad_Name', namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
    var status = (0, errors_ts_1.invalid)({ group: '', kind: 'ConfigMap' }, 'Bad_Name', errs).status;
    strict_1.default.equal(status.message, "ConfigMap \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": ".concat(SUBDOMAIN_TEXT));
    strict_1.default.deepEqual((_a = status.details) === null || _a === void 0 ? void 0 : _a.causes, [{ reason: 'FieldValueInvalid', message: "Invalid value: \"Bad_Name\": ".concat(SUBDOMAIN_TEXT), field: 'metadata.name' }]);
});
(0, node_test_1.test)('name or generateName is required', function () {
    var errs = (0, validation_ts_1.validateObjectMeta)({ metadata: { namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
    strict_1.default.equal((0, errors_ts_1.invalid)({ group: '', kind: 'ConfigMap' }, '', errs).status.message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
    // generateName alone is enough on create (the name is generated), and is checked with the trailing dash masked
    strict_1.default.deepEqual((0, validation_ts_1.validateObjectMeta)({ metadata: { generateName: 'web-', namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true }), []);
    var bad = (0, validation_ts_1.validateObjectMeta)({ metadata: { generateName: 'Web-', namespace: 'd' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
    strict_1.default.equal(bad[0].field, 'metadata.generateName');
});
(0, node_test_1.test)('DNS-1123 label messages, double space before "or"', function () {
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Label)('ok-1'), []);
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Label)('a.b'), ['must not contain dots']);
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Label)('A'), [
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Label)('a'.repeat(64)), ['must be no more than 63 characters']);
    strict_1.default.equal((0, validation_ts_1.dns1123Label)('-' + 'a'.repeat(63)).length, 2);
});
(0, node_test_1.test)('subdomain, DNS-1035, label value', function () {
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Subdomain)('example.com'), []);
    strict_1.default.deepEqual((0, validation_ts_1.dns1123Subdomain)('x'.repeat(254)), ['must be no more than 253 characters']);
    strict_1.default.deepEqual((0, validation_ts_1.dns1035Label)('1abc'), [
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    ]);
    strict_1.default.deepEqual((0, validation_ts_1.labelValue)(''), []);
    strict_1.default.deepEqual((0, validation_ts_1.labelValue)('My_Value.1'), []);
    strict_1.default.deepEqual((0, validation_ts_1.labelValue)('-x'), [
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
});
(0, node_test_1.test)('qualified names', function () {
    strict_1.default.deepEqual((0, validation_ts_1.qualifiedName)('example.com/MyName'), []);
    strict_1.default.deepEqual((0, validation_ts_1.qualifiedName)('app'), []);
    strict_1.default.deepEqual((0, validation_ts_1.qualifiedName)('/x'), ['prefix part must be non-empty']);
    var empty = (0, validation_ts_1.qualifiedName)('a/');
    strict_1.default.equal(empty[0], 'name part must be non-empty');
    strict_1.default.match(empty[1], /^name part must consist of alphanumeric characters/);
    strict_1.default.match((0, validation_ts_1.qualifiedName)('a/b/c')[0], /^a qualified name must consist .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
    strict_1.default.match((0, validation_ts_1.qualifiedName)('Bad_Prefix/x')[0], /^prefix part a lowercase RFC 1123 subdomain/);
    strict_1.default.deepEqual((0, validation_ts_1.qualifiedName)('x'.repeat(64)), ['name part must be no more than 63 characters']);
});
(0, node_test_1.test)('labels and annotations report at the map path', function () {
    var errs = (0, validation_ts_1.validateLabels)({ 'bad key!': 'ok', good: '-bad' }, 'metadata.labels');
    strict_1.default.deepEqual(errs.map(function (e) { return [e.field, e.body.slice(0, 30)]; }), [
        ['metadata.labels', 'Invalid value: "bad key!": nam'],
        ['metadata.labels', 'Invalid value: "-bad": a valid'],
    ]);
    strict_1.default.deepEqual((0, validation_ts_1.validateAnnotations)({ 'Example.COM/Key': 'v' }, 'metadata.annotations'), []);
    var big = (0, validation_ts_1.validateAnnotations)({ a: 'x'.repeat(262144) }, 'metadata.annotations');
    strict_1.default.deepEqual(big, [{ type: 'FieldValueTooLong', field: 'metadata.annotations', body: 'Too long: may not be more than 262144 bytes' }]);
});
(0, node_test_1.test)('label selectors', function () {
    var errs = (0, validation_ts_1.validateLabelSelector)({
        matchExpressions: [
            { key: 'a', operator: 'In', values: [] },
            { key: 'b', operator: 'Exists', values: ['x'] },
            { key: 'c', operator: 'Near' },
        ],
    }, 'spec.selector');
    strict_1.default.deepEqual(errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), [
        "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
        "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
        'spec.selector.matchExpressions[2].operator: Invalid value: "Near": not a valid selector operator',
    ]);
});
(0, node_test_1.test)('namespace scope, generation, finalizers, owner references', function () {
    var rules = { namespaced: false, nameRule: 'subdomain', isCreate: true };
    var errs = (0, validation_ts_1.validateObjectMeta)({
        metadata: {
            name: 'n',
            namespace: 'x',
            generation: -1,
            finalizers: ['bad/name/x'],
            ownerReferences: [
                { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: '1', controller: true },
                { apiVersion: '', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
            ],
        },
    }, rules);
    var texts = errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); });
    strict_1.default.ok(texts.includes('metadata.namespace: Forbidden: not allowed on this type'));
    strict_1.default.ok(texts.includes('metadata.generation: Invalid value: -1: must be greater than or equal to 0'));
    strict_1.default.ok(texts.includes('metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty'));
    strict_1.default.ok(texts.some(function (t) { return t.endsWith('Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b'); }));
    strict_1.default.ok(texts.some(function (t) { return t.startsWith('metadata.finalizers: Invalid value: "bad/name/x": a qualified name'); }));
    var missingNs = (0, validation_ts_1.validateObjectMeta)({ metadata: { name: 'n' } }, __assign(__assign({}, rules), { namespaced: true }));
    strict_1.default.deepEqual(missingNs, [{ type: 'FieldValueRequired', field: 'metadata.namespace', body: 'Required value' }]);
});
(0, node_test_1.test)('update: immutable fields, no new finalizers while deleting, generation', function () {
    var old = { metadata: { name: 'x', namespace: 'ns', uid: 'u1', creationTimestamp: '2025-01-01T00:00:00Z', generation: 2, deletionTimestamp: '2025-01-02T00:00:00Z', finalizers: ['a.io/f'] } };
    var now = { metadata: __assign(__assign({}, old.metadata), { name: 'y', uid: 'u2', generation: 1, finalizers: ['a.io/f', 'b.io/g'] }) };
    var texts = (0, validation_ts_1.validateObjectMetaUpdate)(now, old).map(function (e) { return "".concat(e.field, ": ").concat(e.body); });
    strict_1.default.deepEqual(texts, [
        'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b.io/g"}',
        'metadata.generation: Invalid value: 1: must not be decremented',
        'metadata.name: Invalid value: "y": field is immutable',
        'metadata.uid: Invalid value: "u2": field is immutable',
    ]);
    strict_1.default.deepEqual((0, validation_ts_1.validateObjectMetaUpdate)(old, old), []);
});
