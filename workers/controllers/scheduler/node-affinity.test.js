"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var node_affinity_ts_1 = require("./node-affinity.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
var node = (0, fake_context_test_support_ts_1.makeNode)('n1', { labels: { disque: 'ssd', zone: 'a', gen: '5' } });
var required = function (terms) { return (0, fake_context_test_support_ts_1.makePod)('p', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } }); };
(0, node_test_1.test)('nodeSelector needs every label', function () {
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)((0, fake_context_test_support_ts_1.makePod)('p', { spec: { nodeSelector: { disque: 'ssd' } } }), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)((0, fake_context_test_support_ts_1.makePod)('p', { spec: { nodeSelector: { disque: 'ssd', zone: 'b' } } }), node), false);
});
(0, node_test_1.test)('required terms are ORed, expressions ANDed, with every operator', function () {
    var expr = function (key, operator, values) { return ({ matchExpressions: [{ key: key, operator: operator, values: values }] }); };
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('disque', 'In', ['hdd', 'ssd'])]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('disque', 'NotIn', ['ssd'])]), node), false);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('absent', 'NotIn', ['x'])]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('zone', 'Exists')]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('zone', 'DoesNotExist')]), node), false);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('gen', 'Gt', ['4'])]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('gen', 'Lt', ['4'])]), node), false);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('zone', 'In', ['b']), expr('zone', 'In', ['a'])]), node), true, 'terms are ORed');
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'disque', operator: 'In', values: ['hdd'] }] }]), node), false, 'expressions are ANDed');
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([{}]), node), false, 'an empty term matches nothing');
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([expr('zone', 'Bogus', ['a'])]), node), false, 'an invalid term matches nothing');
});
(0, node_test_1.test)('matchFields knows metadata.name', function () {
    var field = function (operator, values) { return ({ matchFields: [{ key: 'metadata.name', operator: operator, values: values }] }); };
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([field('In', ['n1'])]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([field('In', ['n2'])]), node), false);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([field('NotIn', ['n2'])]), node), true);
    strict_1.default.equal((0, node_affinity_ts_1.requiredAffinityMatches)(required([{ matchFields: [{ key: 'metadata.labels', operator: 'In', values: ['x'] }] }]), node), false);
});
(0, node_test_1.test)('preferred terms add their weights', function () {
    var pod = (0, fake_context_test_support_ts_1.makePod)('p', {
        spec: {
            affinity: {
                nodeAffinity: {
                    preferredDuringSchedulingIgnoredDuringExecution: [
                        { weight: 10, preference: { matchExpressions: [{ key: 'disque', operator: 'In', values: ['ssd'] }] } },
                        { weight: 5, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] } },
                        { weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } },
                    ],
                },
            },
        },
    });
    strict_1.default.equal((0, node_affinity_ts_1.preferredAffinityWeight)(pod, node), 11);
});
