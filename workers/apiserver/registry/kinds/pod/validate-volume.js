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
exports.validateVolumes = validateVolumes;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var validate_env_ts_1 = require("./validate-env.ts");
var messages_ts_1 = require("./messages.ts");
/** validateVolumeSource's order: the first source found is validated, any other is refused. */
var SOURCE_ORDER = [
    'emptyDir',
    'hostPath',
    'gitRepo',
    'gcePersistentDisk',
    'awsElasticBlockStore',
    'secret',
    'nfs',
    'iscsi',
    'glusterfs',
    'flocker',
    'persistentVolumeClaim',
    'rbd',
    'cinder',
    'cephfs',
    'quobyte',
    'downwardAPI',
    'fc',
    'flexVolume',
    'configMap',
    'azureFile',
    'vsphereVolume',
    'photonPersistentDisk',
    'portworxVolume',
    'azureDisk',
    'storageos',
    'projected',
    'scaleIO',
    'csi',
    'ephemeral',
    'image',
];
var HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
var VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];
function validateVolumes(volumes, path) {
    var errs = [];
    var valid = new Map();
    (volumes !== null && volumes !== void 0 ? volumes : []).forEach(function (vol, i) {
        var _a;
        var at = "".concat(path, "[").concat(i, "]");
        var el = validateVolumeSource(vol, at);
        var name = (_a = vol.name) !== null && _a !== void 0 ? _a : '';
        if (!name)
            el.push(errors_ts_1.fieldErr.required("".concat(at, ".name")));
        else
            for (var _i = 0, _b = (0, validation_ts_1.dns1123Label)(name); _i < _b.length; _i++) {
                var m = _b[_i];
                el.push(errors_ts_1.fieldErr.invalid("".concat(at, ".name"), name, m));
            }
        if (valid.has(name))
            el.push(errors_ts_1.fieldErr.duplicate("".concat(at, ".name"), name));
        if (el.length === 0)
            valid.set(name, vol);
        else
            errs.push.apply(errs, el);
    });
    return { errs: errs, valid: valid };
}
function validateVolumeSource(vol, at) {
    var _a, _b;
    var set = SOURCE_ORDER.filter(function (k) { return vol[k] != null; });
    if (set.length === 0)
        return [errors_ts_1.fieldErr.required(at, 'must specify a volume type')];
    var errs = set.slice(1).map(function (k) { return errors_ts_1.fieldErr.forbidden("".concat(at, ".").concat(k), 'may not specify more than 1 volume type'); });
    var source = set[0];
    var s = vol[source];
    var p = "".concat(at, ".").concat(source);
    switch (source) {
        case 'hostPath': {
            var hp = s;
            if (!hp.path)
                return __spreadArray(__spreadArray([], errs, true), [errors_ts_1.fieldErr.required("".concat(p, ".path"))], false);
            if (hp.path.split('/').includes('..'))
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".path"), hp.path, "must not contain '..'"));
            if (hp.type != null && !HOST_PATH_TYPES.includes(hp.type))
                errs.push(errors_ts_1.fieldErr.notSupported("".concat(p, ".type"), hp.type, HOST_PATH_TYPES));
            break;
        }
        case 'secret':
            if (!s.secretName)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".secretName")));
            errs.push.apply(errs, __spreadArray(__spreadArray([], validateMode(s.defaultMode, "".concat(p, ".defaultMode")), false), validateItems(s.items, "".concat(p, ".items")), false));
            break;
        case 'configMap':
            if (!s.name)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".name")));
            errs.push.apply(errs, __spreadArray(__spreadArray([], validateMode(s.defaultMode, "".concat(p, ".defaultMode")), false), validateItems(s.items, "".concat(p, ".items")), false));
            break;
        case 'persistentVolumeClaim':
            if (!s.claimName)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".claimName")));
            break;
        case 'nfs': {
            if (!s.server)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".server")));
            var nfsPath = (_a = s.path) !== null && _a !== void 0 ? _a : '';
            if (!nfsPath)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".path")));
            if (!nfsPath.startsWith('/'))
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".path"), nfsPath, 'must be an absolute path'));
            break;
        }
        case 'downwardAPI':
            errs.push.apply(errs, validateMode(s.defaultMode, "".concat(p, ".defaultMode")));
            ((_b = s.items) !== null && _b !== void 0 ? _b : []).forEach(function (f, j) { return errs.push.apply(errs, validateDownwardFile(f, "".concat(p, ".items[").concat(j, "]"))); });
            break;
        case 'projected':
            errs.push.apply(errs, validateProjected(s, p));
            break;
        case 'csi':
            if (!s.driver)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".driver")));
            break;
        case 'ephemeral':
            if (!s.volumeClaimTemplate)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".volumeClaimTemplate")));
            break;
    }
    return errs;
}
function validateMode(mode, at) {
    return mode != null && (mode > 511 || mode < 0) ? [errors_ts_1.fieldErr.invalid(at, mode, messages_ts_1.FILE_MODE)] : [];
}
function validateKeyToPath(kp, at) {
    var _a, _b;
    var errs = [];
    if (!kp.key)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".key")));
    if (!kp.path)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".path")));
    for (var _i = 0, _c = (0, messages_ts_1.localPath)((_a = kp.path) !== null && _a !== void 0 ? _a : '', true); _i < _c.length; _i++) {
        var m = _c[_i];
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".path"), (_b = kp.path) !== null && _b !== void 0 ? _b : '', m));
    }
    errs.push.apply(errs, validateMode(kp.mode, "".concat(at, ".mode")));
    return errs;
}
var validateItems = function (items, at) { return (items !== null && items !== void 0 ? items : []).flatMap(function (kp, i) { return validateKeyToPath(kp, "".concat(at, "[").concat(i, "]")); }); };
function validateDownwardFile(f, at) {
    var _a, _b;
    var errs = [];
    if (!f.path)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".path")));
    for (var _i = 0, _c = (0, messages_ts_1.localPath)((_a = f.path) !== null && _a !== void 0 ? _a : '', true); _i < _c.length; _i++) {
        var m = _c[_i];
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".path"), (_b = f.path) !== null && _b !== void 0 ? _b : '', m));
    }
    if (f.fieldRef) {
        errs.push.apply(errs, (0, validate_env_ts_1.validateFieldRef)(f.fieldRef, VOLUME_FIELD_PATHS, "".concat(at, ".fieldRef")));
        if (f.resourceFieldRef)
            errs.push(errors_ts_1.fieldErr.invalid(at, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
    }
    else if (f.resourceFieldRef) {
        errs.push.apply(errs, (0, validate_env_ts_1.validateResourceFieldRef)(f.resourceFieldRef, "".concat(at, ".resourceFieldRef"), true));
    }
    else {
        errs.push(errors_ts_1.fieldErr.required(at, 'one of fieldRef and resourceFieldRef is required'));
    }
    errs.push.apply(errs, validateMode(f.mode, "".concat(at, ".mode")));
    return errs;
}
function validateProjected(proj, p) {
    var _a;
    var errs = validateMode(proj.defaultMode, "".concat(p, ".defaultMode"));
    var paths = new Set();
    var claim = function (path, value) {
        if (!path)
            return;
        if (paths.has(path))
            errs.push(errors_ts_1.fieldErr.invalid(p, value, 'conflicting duplicate paths'));
        paths.add(path);
    };
    ((_a = proj.sources) !== null && _a !== void 0 ? _a : []).forEach(function (src, i) {
        var _a, _b, _c, _d;
        var at = "".concat(p, ".sources[").concat(i, "]");
        var kinds = Object.keys(src).filter(function (k) { return src[k] != null; });
        var _loop_1 = function (kind) {
            var s = src[kind];
            if (!s)
                return "continue";
            if (!s.name)
                errs.push(errors_ts_1.fieldErr.required("".concat(at, ".").concat(kind, ".name")));
            ((_a = s.items) !== null && _a !== void 0 ? _a : []).forEach(function (kp, j) {
                var _a;
                errs.push.apply(errs, validateKeyToPath(kp, "".concat(at, ".").concat(kind, ".items[").concat(j, "]")));
                claim(kp.path, (_a = s.name) !== null && _a !== void 0 ? _a : '');
            });
        };
        for (var _i = 0, _e = ['secret', 'configMap']; _i < _e.length; _i++) {
            var kind = _e[_i];
            _loop_1(kind);
        }
        for (var _f = 0, _g = (_c = (_b = src.downwardAPI) === null || _b === void 0 ? void 0 : _b.items) !== null && _c !== void 0 ? _c : []; _f < _g.length; _f++) {
            var f = _g[_f];
            errs.push.apply(errs, validateDownwardFile(f, "".concat(at, ".downwardAPI")));
            claim(f.path, f.path);
        }
        var token = src.serviceAccountToken;
        if (token) {
            var seconds = (_d = token.expirationSeconds) !== null && _d !== void 0 ? _d : 0;
            if (seconds < 600)
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".serviceAccountToken.expirationSeconds"), seconds, 'may not specify a duration less than 10 minutes'));
            if (seconds > Math.pow(2, 32))
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".serviceAccountToken.expirationSeconds"), seconds, 'may not specify a duration larger than 2^32 seconds'));
            if (!token.path)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".path")));
            else
                for (var _h = 0, _j = (0, messages_ts_1.localPath)(token.path, true); _h < _j.length; _h++) {
                    var m = _j[_h];
                    errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".path"), token.path, m));
                }
            claim(token.path, token.path);
        }
        if (kinds.length > 1)
            errs.push(errors_ts_1.fieldErr.forbidden(at, 'may not specify more than 1 volume type per source'));
    });
    return errs;
}
