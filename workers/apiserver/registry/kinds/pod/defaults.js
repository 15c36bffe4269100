"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.defaultPodSpec = defaultPodSpec;
exports.defaultPodTemplate = defaultPodTemplate;
exports.syncServiceAccount = syncServiceAccount;
var image_ts_1 = require("./image.ts");
function defaultPodSpec(spec, podOnly) {
    var _a, _b, _c, _d, _e, _f, _g;
    spec.dnsPolicy || (spec.dnsPolicy = 'ClusterFirst');
    spec.restartPolicy || (spec.restartPolicy = 'Always');
    spec.schedulerName || (spec.schedulerName = 'default-scheduler');
    (_a = spec.terminationGracePeriodSeconds) !== null && _a !== void 0 ? _a : (spec.terminationGracePeriodSeconds = 30);
    (_b = spec.securityContext) !== null && _b !== void 0 ? _b : (spec.securityContext = {});
    if (podOnly)
        (_c = spec.enableServiceLinks) !== null && _c !== void 0 ? _c : (spec.enableServiceLinks = true);
    syncServiceAccount(spec);
    for (var _i = 0, _h = (_d = spec.containers) !== null && _d !== void 0 ? _d : []; _i < _h.length; _i++) {
        var c = _h[_i];
        defaultContainer(c, podOnly, spec.hostNetwork === true);
    }
    for (var _j = 0, _k = (_e = spec.initContainers) !== null && _e !== void 0 ? _e : []; _j < _k.length; _j++) {
        var c = _k[_j];
        defaultContainer(c, podOnly, spec.hostNetwork === true);
    }
    for (var _l = 0, _m = (_f = spec.ephemeralContainers) !== null && _f !== void 0 ? _f : []; _l < _m.length; _l++) {
        var c = _m[_l];
        defaultContainer(c, false, false);
    }
    for (var _o = 0, _p = (_g = spec.volumes) !== null && _g !== void 0 ? _g : []; _o < _p.length; _o++) {
        var vol = _p[_o];
        defaultVolume(vol);
    }
}
/** A template's metadata renders `creationTimestamp: null` (a zero Go time, never omitted). */
function defaultPodTemplate(template) {
    var _a, _b;
    (_a = template.metadata) !== null && _a !== void 0 ? _a : (template.metadata = {});
    if (!('creationTimestamp' in template.metadata))
        template.metadata.creationTimestamp = null;
    (_b = template.spec) !== null && _b !== void 0 ? _b : (template.spec = {});
    defaultPodSpec(template.spec, false);
}
/** v1's deprecated `serviceAccount` mirrors `serviceAccountName` (conversion, both ways). */
function syncServiceAccount(spec) {
    if (!spec.serviceAccountName && spec.serviceAccount)
        spec.serviceAccountName = spec.serviceAccount;
    if (spec.serviceAccountName)
        spec.serviceAccount = spec.serviceAccountName;
    else
        delete spec.serviceAccount;
}
function defaultContainer(c, podOnly, hostNetwork) {
    var _a, _b, _c, _d, _e;
    c.imagePullPolicy || (c.imagePullPolicy = (0, image_ts_1.defaultPullPolicy)(c.image));
    c.terminationMessagePath || (c.terminationMessagePath = '/dev/termination-log');
    c.terminationMessagePolicy || (c.terminationMessagePolicy = 'File');
    (_a = c.resources) !== null && _a !== void 0 ? _a : (c.resources = {});
    if (podOnly)
        requestsFromLimits(c);
    for (var _i = 0, _f = (_b = c.ports) !== null && _b !== void 0 ? _b : []; _i < _f.length; _i++) {
        var p = _f[_i];
        p.protocol || (p.protocol = 'TCP');
        if (hostNetwork && !p.hostPort)
            p.hostPort = p.containerPort;
    }
    for (var _g = 0, _h = (_c = c.env) !== null && _c !== void 0 ? _c : []; _g < _h.length; _g++) {
        var e = _h[_g];
        if (e.valueFrom)
            defaultFieldRef(e.valueFrom);
    }
    for (var _j = 0, _k = [c.livenessProbe, c.readinessProbe, c.startupProbe]; _j < _k.length; _j++) {
        var probe = _k[_j];
        if (probe)
            defaultProbe(probe);
    }
    for (var _l = 0, _m = [(_d = c.lifecycle) === null || _d === void 0 ? void 0 : _d.postStart, (_e = c.lifecycle) === null || _e === void 0 ? void 0 : _e.preStop]; _l < _m.length; _l++) {
        var h = _m[_l];
        if (h === null || h === void 0 ? void 0 : h.httpGet)
            defaultHttpGet(h.httpGet);
    }
}
/** A container that states only limits requests exactly those (Pod only, not templates). */
function requestsFromLimits(c) {
    var _a, _b, _c;
    var _d;
    var limits = (_b = (_a = c.resources) === null || _a === void 0 ? void 0 : _a.limits) !== null && _b !== void 0 ? _b : {};
    for (var _i = 0, _e = Object.entries(limits); _i < _e.length; _i++) {
        var _f = _e[_i], name = _f[0], q = _f[1];
        var requests = ((_c = (_d = c.resources).requests) !== null && _c !== void 0 ? _c : (_d.requests = {}));
        if (!(name in requests))
            requests[name] = q;
    }
}
function defaultProbe(p) {
    var _a;
    var _b;
    p.timeoutSeconds || (p.timeoutSeconds = 1);
    p.periodSeconds || (p.periodSeconds = 10);
    p.successThreshold || (p.successThreshold = 1);
    p.failureThreshold || (p.failureThreshold = 3);
    if (p.httpGet)
        defaultHttpGet(p.httpGet);
    if (p.grpc)
        (_a = (_b = p.grpc).service) !== null && _a !== void 0 ? _a : (_b.service = '');
}
function defaultHttpGet(h) {
    h.path || (h.path = '/');
    h.scheme || (h.scheme = 'HTTP');
}
/** ObjectFieldSelector defaults to v1; a Quantity divisor is never omitted, so it shows as "0". */
function defaultFieldRef(src) {
    var _a;
    var _b, _c;
    if (src.fieldRef)
        (_b = src.fieldRef).apiVersion || (_b.apiVersion = 'v1');
    if (src.resourceFieldRef)
        (_a = (_c = src.resourceFieldRef).divisor) !== null && _a !== void 0 ? _a : (_c.divisor = '0');
}
var DEFAULT_MODE = 420; // 0644
function defaultVolume(vol) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t;
    var _u, _v, _w, _x, _y, _z, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10;
    var sources = Object.keys(vol).filter(function (k) { return k !== 'name' && vol[k] != null; });
    if (sources.length === 0)
        vol.emptyDir = {};
    if (vol.secret)
        (_a = (_u = vol.secret).defaultMode) !== null && _a !== void 0 ? _a : (_u.defaultMode = DEFAULT_MODE);
    if (vol.configMap)
        (_b = (_v = vol.configMap).defaultMode) !== null && _b !== void 0 ? _b : (_v.defaultMode = DEFAULT_MODE);
    if (vol.downwardAPI) {
        (_c = (_w = vol.downwardAPI).defaultMode) !== null && _c !== void 0 ? _c : (_w.defaultMode = DEFAULT_MODE);
        for (var _i = 0, _11 = (_d = vol.downwardAPI.items) !== null && _d !== void 0 ? _d : []; _i < _11.length; _i++) {
            var item = _11[_i];
            defaultFieldRef(item);
        }
    }
    if (vol.projected) {
        (_e = (_x = vol.projected).defaultMode) !== null && _e !== void 0 ? _e : (_x.defaultMode = DEFAULT_MODE);
        for (var _12 = 0, _13 = (_f = vol.projected.sources) !== null && _f !== void 0 ? _f : []; _12 < _13.length; _12++) {
            var s = _13[_12];
            if (s.serviceAccountToken)
                (_g = (_y = s.serviceAccountToken).expirationSeconds) !== null && _g !== void 0 ? _g : (_y.expirationSeconds = 3600);
            for (var _14 = 0, _15 = (_j = (_h = s.downwardAPI) === null || _h === void 0 ? void 0 : _h.items) !== null && _j !== void 0 ? _j : []; _14 < _15.length; _14++) {
                var item = _15[_14];
                defaultFieldRef(item);
            }
        }
    }
    if (vol.hostPath)
        (_k = (_z = vol.hostPath).type) !== null && _k !== void 0 ? _k : (_z.type = '');
    if (vol.iscsi)
        (_0 = vol.iscsi).iscsiInterface || (_0.iscsiInterface = 'default');
    if (vol.rbd) {
        (_1 = vol.rbd).pool || (_1.pool = 'rbd');
        (_2 = vol.rbd).user || (_2.user = 'admin');
        (_3 = vol.rbd).keyring || (_3.keyring = '/etc/ceph/keyring');
    }
    if (vol.azureDisk) {
        (_l = (_4 = vol.azureDisk).cachingMode) !== null && _l !== void 0 ? _l : (_4.cachingMode = 'ReadWrite');
        (_m = (_5 = vol.azureDisk).fsType) !== null && _m !== void 0 ? _m : (_5.fsType = 'ext4');
        (_o = (_6 = vol.azureDisk).readOnly) !== null && _o !== void 0 ? _o : (_6.readOnly = false);
        (_p = (_7 = vol.azureDisk).kind) !== null && _p !== void 0 ? _p : (_7.kind = 'Shared');
    }
    if (vol.scaleIO) {
        (_8 = vol.scaleIO).storageMode || (_8.storageMode = 'ThinProvisioned');
        (_9 = vol.scaleIO).fsType || (_9.fsType = 'xfs');
    }
    var claim = (_q = vol.ephemeral) === null || _q === void 0 ? void 0 : _q.volumeClaimTemplate;
    if (claim) {
        (_r = claim.metadata) !== null && _r !== void 0 ? _r : (claim.metadata = {});
        if (!('creationTimestamp' in claim.metadata))
            claim.metadata.creationTimestamp = null;
        (_s = claim.spec) !== null && _s !== void 0 ? _s : (claim.spec = {});
        (_t = (_10 = claim.spec).volumeMode) !== null && _t !== void 0 ? _t : (_10.volumeMode = 'Filesystem');
    }
}
