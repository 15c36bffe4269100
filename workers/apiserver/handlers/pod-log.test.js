"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var pod_log_ts_1 = require("./pod-log.ts");
var pod_target_ts_1 = require("./pod-target.ts");
var exec_channels_ts_1 = require("./exec-channels.ts");
var now = new Date('2026-01-01T12:00:00Z');
var opts = function (q) { return (0, pod_log_ts_1.logOptions)('p', new URLSearchParams(q), now); };
var message = function (fn) {
    try {
        fn();
    }
    catch (e) {
        return e.status.message;
    }
    return undefined;
};
(0, node_test_1.test)('log options as kubectl sends them', function () {
    strict_1.default.deepEqual(opts('container=c&follow=true&tailLines=10&timestamps=true&previous=true&limitBytes=500&sinceSeconds=60'), {
        follow: true,
        previous: true,
        timestamps: true,
        tailLines: 10,
        limitBytes: 500,
        sinceSeconds: 60,
    });
    strict_1.default.deepEqual(opts(''), { follow: false, previous: false, timestamps: false });
    strict_1.default.equal(opts('sinceTime=2026-01-01T11:00:00Z').sinceSeconds, 3600);
});
(0, node_test_1.test)('invalid log options are 422 PodLogOptions, as Kubernetes validates them', function () {
    strict_1.default.equal(message(function () { return opts('tailLines=-1'); }), 'PodLogOptions "p" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0');
    strict_1.default.equal(message(function () { return opts('limitBytes=0'); }), 'PodLogOptions "p" is invalid: limitBytes: Invalid value: 0: must be greater than 0');
    strict_1.default.equal(message(function () { return opts('sinceSeconds=5&sinceTime=2026-01-01T11:00:00Z'); }), 'PodLogOptions "p" is invalid: sinceSeconds: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified');
    strict_1.default.equal(message(function () { return opts('tailLines=x'); }), 'invalid value for tailLines: "x"');
});
(0, node_test_1.test)('the container: the only one by default, else named, with Kubernetes messages', function () {
    strict_1.default.equal((0, pod_target_ts_1.pickContainer)('p', { containers: [{ name: 'a' }] }, ''), 'a');
    strict_1.default.equal((0, pod_target_ts_1.pickContainer)('p', { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }, { name: 'b' }] }, 'i'), 'i');
    strict_1.default.equal(message(function () { return (0, pod_target_ts_1.pickContainer)('p', { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }, { name: 'b' }] }, ''); }), 'a container name must be specified for pod p, choose one of: [i a b]');
    strict_1.default.equal(message(function () { return (0, pod_target_ts_1.pickContainer)('p', { containers: [{ name: 'a' }] }, 'z'); }), 'container z is not valid for pod p');
});
(0, node_test_1.test)('exec frames and the exit status kubectl reads on channel 3', function () {
    strict_1.default.deepEqual(__spreadArray([], (0, exec_channels_ts_1.channelFrame)(1, new TextEncoder().encode('hi')), true), [1, 104, 105]);
    strict_1.default.deepEqual((0, exec_channels_ts_1.exitStatus)(['echo', 'hi'], 0), { metadata: {}, status: 'Success' });
    var failed = (0, exec_channels_ts_1.exitStatus)(['sh', '-c', 'exit 3'], 3);
    strict_1.default.equal(failed.reason, 'NonZeroExitCode');
    strict_1.default.deepEqual(failed.details, { causes: [{ reason: 'ExitCode', message: '3' }] });
    strict_1.default.equal(failed.message, 'command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3');
});
