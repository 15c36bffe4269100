"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
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
exports.openapiV3 = openapiV3;
var components_ts_1 = require("./components.ts");
var paths_ts_1 = require("./paths.ts");
var gvPath = function (d) { return (d.group ? "apis/".concat(d.group, "/").concat(d.version) : "api/".concat(d.version)); };
function sha256(text) {
    return __awaiter(this, void 0, void 0, function () {
        var digest;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))];
                case 1:
                    digest = _a.sent();
                    return [2 /*return*/, Array.from(new Uint8Array(digest), function (b) { return b.toString(16).padStart(2, '0'); })
                            .join('')
                            .toUpperCase()];
            }
        });
    });
}
var sorted = function (m) {
    return Object.fromEntries((m instanceof Map ? __spreadArray([], m.entries(), true) : Object.entries(m)).sort(function (_a, _b) {
        var a = _a[0];
        var b = _b[0];
        return (a < b ? -1 : a > b ? 1 : 0);
    }));
};
function openapiV3(kinds) {
    return __awaiter(this, void 0, void 0, function () {
        var ordered, components, byGV, _i, ordered_1, d, documents, root, _a, _b, _c, path, ds, paths, _d, ds_1, d, names, schemas, _e, names_1, n, s, doc, json, hash;
        var _f, _g;
        return __generator(this, function (_h) {
            switch (_h.label) {
                case 0:
                    ordered = __spreadArray([], kinds, true).sort(function (a, b) { return Number(a.group !== '') - Number(b.group !== ''); });
                    components = new components_ts_1.Components();
                    byGV = new Map();
                    for (_i = 0, ordered_1 = ordered; _i < ordered_1.length; _i++) {
                        d = ordered_1[_i];
                        components.addKind(d.schema, d.openapiName, d);
                        byGV.set(gvPath(d), __spreadArray(__spreadArray([], ((_f = byGV.get(gvPath(d))) !== null && _f !== void 0 ? _f : []), true), [d], false));
                    }
                    documents = new Map();
                    root = { paths: {} };
                    _a = 0, _b = __spreadArray([], byGV.entries(), true).sort(function (_a, _b) {
                        var a = _a[0];
                        var b = _b[0];
                        return (a < b ? -1 : 1);
                    });
                    _h.label = 1;
                case 1:
                    if (!(_a < _b.length)) return [3 /*break*/, 4];
                    _c = _b[_a], path = _c[0], ds = _c[1];
                    paths = {};
                    for (_d = 0, ds_1 = ds; _d < ds_1.length; _d++) {
                        d = ds_1[_d];
                        Object.assign(paths, (0, paths_ts_1.kindPaths)(d));
                    }
                    names = components.closure(__spreadArray(__spreadArray([], ds.map(function (d) { return d.openapiName; }), true), ['io.k8s.apimachinery.pkg.apis.meta.v1.Patch'], false));
                    schemas = {};
                    for (_e = 0, names_1 = names; _e < names_1.length; _e++) {
                        n = names_1[_e];
                        s = (_g = components.schemas.get(n)) !== null && _g !== void 0 ? _g : components_ts_1.SPECIAL[n];
                        if (s)
                            schemas[n] = s;
                    }
                    doc = {
                        openapi: '3.0.0',
                        info: { title: 'Kubernetes', version: 'v1.32.4' },
                        paths: sorted(paths),
                        components: {
                            schemas: sorted(schemas),
                            securitySchemes: { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' } },
                        },
                    };
                    json = JSON.stringify(doc);
                    return [4 /*yield*/, sha256(json)];
                case 2:
                    hash = _h.sent();
                    documents.set(path, { hash: hash, json: json });
                    root.paths[path] = { serverRelativeURL: "/openapi/v3/".concat(path, "?hash=").concat(hash) };
                    _h.label = 3;
                case 3:
                    _a++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, { root: root, documents: documents }];
            }
        });
    });
}
