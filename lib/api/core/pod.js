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
exports.podSchema = exports.volume = exports.podStatus = exports.podCondition = exports.containerStatus = exports.containerState = exports.podTemplateSpec = exports.podSpec = exports.securityContext = exports.podSecurityContext = exports.topologySpreadConstraint = exports.toleration = exports.affinity = exports.lifecycle = exports.probe = exports.volumeMount = exports.resourceRequirements = exports.envVar = exports.containerPort = exports.ephemeralContainer = exports.container = void 0;
/**
 * core/v1 Pod: the schema of the object and the types other parts import. The pieces (container,
 * volume, scheduling, security, status) live in ./pod/, one concept per file.
 */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var spec_ts_1 = require("./pod/spec.ts");
var status_ts_1 = require("./pod/status.ts");
var container_ts_1 = require("./pod/container.ts");
Object.defineProperty(exports, "container", { enumerable: true, get: function () { return container_ts_1.container; } });
Object.defineProperty(exports, "ephemeralContainer", { enumerable: true, get: function () { return container_ts_1.ephemeralContainer; } });
Object.defineProperty(exports, "containerPort", { enumerable: true, get: function () { return container_ts_1.containerPort; } });
Object.defineProperty(exports, "envVar", { enumerable: true, get: function () { return container_ts_1.envVar; } });
Object.defineProperty(exports, "resourceRequirements", { enumerable: true, get: function () { return container_ts_1.resourceRequirements; } });
Object.defineProperty(exports, "volumeMount", { enumerable: true, get: function () { return container_ts_1.volumeMount; } });
var probe_ts_1 = require("./pod/probe.ts");
Object.defineProperty(exports, "probe", { enumerable: true, get: function () { return probe_ts_1.probe; } });
Object.defineProperty(exports, "lifecycle", { enumerable: true, get: function () { return probe_ts_1.lifecycle; } });
var scheduling_ts_1 = require("./pod/scheduling.ts");
Object.defineProperty(exports, "affinity", { enumerable: true, get: function () { return scheduling_ts_1.affinity; } });
Object.defineProperty(exports, "toleration", { enumerable: true, get: function () { return scheduling_ts_1.toleration; } });
Object.defineProperty(exports, "topologySpreadConstraint", { enumerable: true, get: function () { return scheduling_ts_1.topologySpreadConstraint; } });
var security_ts_1 = require("./pod/security.ts");
Object.defineProperty(exports, "podSecurityContext", { enumerable: true, get: function () { return security_ts_1.podSecurityContext; } });
Object.defineProperty(exports, "securityContext", { enumerable: true, get: function () { return security_ts_1.securityContext; } });
var spec_ts_2 = require("./pod/spec.ts");
Object.defineProperty(exports, "podSpec", { enumerable: true, get: function () { return spec_ts_2.podSpec; } });
Object.defineProperty(exports, "podTemplateSpec", { enumerable: true, get: function () { return spec_ts_2.podTemplateSpec; } });
var status_ts_2 = require("./pod/status.ts");
Object.defineProperty(exports, "containerState", { enumerable: true, get: function () { return status_ts_2.containerState; } });
Object.defineProperty(exports, "containerStatus", { enumerable: true, get: function () { return status_ts_2.containerStatus; } });
Object.defineProperty(exports, "podCondition", { enumerable: true, get: function () { return status_ts_2.podCondition; } });
Object.defineProperty(exports, "podStatus", { enumerable: true, get: function () { return status_ts_2.podStatus; } });
var volume_ts_1 = require("./pod/volume.ts");
Object.defineProperty(exports, "volume", { enumerable: true, get: function () { return volume_ts_1.volume; } });
exports.podSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, spec_ts_1.podSpec, { doc: 'Specification of the desired behavior of the pod.' }), status: (0, fields_ts_1.obj)(3, status_ts_1.podStatus, { doc: 'Most recently observed status of the pod. Populated by the system. Read-only.' }) }));
