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
exports.bootstrapTokens = exports.secretName = exports.BOOTSTRAPPERS = exports.SECRET_NAMESPACE = exports.SECRET_TYPE = exports.TOKEN_RE = void 0;
exports.bootstrapUser = bootstrapUser;
exports.generateToken = generateToken;
exports.bootstrapSecret = bootstrapSecret;
var compare_ts_1 = require("./compare.ts");
exports.TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
exports.SECRET_TYPE = 'bootstrap.kubernetes.io/token';
exports.SECRET_NAMESPACE = 'kube-system';
exports.BOOTSTRAPPERS = 'system:bootstrappers';
var secretName = function (id) { return "bootstrap-token-".concat(id); };
exports.secretName = secretName;
var decode = function (b64) {
    if (b64 === undefined)
        return undefined;
    try {
        return new TextDecoder().decode(Uint8Array.from(atob(b64), function (ch) { return ch.charCodeAt(0); }));
    }
    catch (_a) {
        return undefined;
    }
};
/** The user a bootstrap token stands for, given its Secret; undefined when it does not authenticate. */
function bootstrapUser(token, secret, now) {
    var _a;
    var m = exports.TOKEN_RE.exec(token);
    if (!m || !secret || secret.type !== exports.SECRET_TYPE || secret.metadata.deletionTimestamp)
        return undefined;
    var id = m[1], tokenSecret = m[2];
    var field = function (k) { var _a; return decode((_a = secret.data) === null || _a === void 0 ? void 0 : _a[k]); };
    if (field('token-id') !== id)
        return undefined;
    var stored = field('token-secret');
    if (stored === undefined || !(0, compare_ts_1.timingSafeEqual)(stored, tokenSecret))
        return undefined;
    if (field('usage-bootstrap-authentication') !== 'true')
        return undefined;
    var expiration = field('expiration');
    if (expiration !== undefined) {
        var at = Date.parse(expiration);
        if (Number.isNaN(at) || at <= now.getTime())
            return undefined;
    }
    // extra groups must stay within system:bootstrappers:*, as Kubernetes requires
    var extra = ((_a = field('auth-extra-groups')) !== null && _a !== void 0 ? _a : '').split(',').map(function (g) { return g.trim(); }).filter(function (g) { return g.startsWith("".concat(exports.BOOTSTRAPPERS, ":")); });
    return { username: "system:bootstrap:".concat(id), groups: __spreadArray(__spreadArray([exports.BOOTSTRAPPERS], extra, true), ['system:authenticated'], false) };
}
/** Authenticates bootstrap tokens against their Secrets in kube-system. */
var bootstrapTokens = function (storage, now) {
    if (now === void 0) { now = function () { return new Date(); }; }
    return function (token) { return __awaiter(void 0, void 0, void 0, function () {
        var m, secret;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    m = exports.TOKEN_RE.exec(token);
                    if (!m)
                        return [2 /*return*/, undefined];
                    return [4 /*yield*/, storage.get("/registry/secrets/".concat(exports.SECRET_NAMESPACE, "/").concat((0, exports.secretName)(m[1])))];
                case 1:
                    secret = _a.sent();
                    return [2 /*return*/, bootstrapUser(token, secret, now())];
            }
        });
    }); };
};
exports.bootstrapTokens = bootstrapTokens;
var ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function randomChars(n) {
    // 252 = 7 * 36: rejecting bytes above it keeps every character equally likely
    var out = '';
    while (out.length < n)
        for (var _i = 0, _a = crypto.getRandomValues(new Uint8Array(n * 2)); _i < _a.length; _i++) {
            var b = _a[_i];
            if (b < 252 && out.length < n)
                out += ALPHABET[b % 36];
        }
    return out;
}
/** A fresh token: `<id>.<secret>`. */
function generateToken() {
    var id = randomChars(6);
    var secret = randomChars(16);
    return { id: id, secret: secret, token: "".concat(id, ".").concat(secret) };
}
/** The Secret that makes `token` valid until `expiration` (as `kubeadm token create` writes it). */
function bootstrapSecret(id, secret, expiration, description) {
    var stringData = { 'token-id': id, 'token-secret': secret, 'usage-bootstrap-authentication': 'true' };
    if (expiration)
        stringData.expiration = expiration.toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (description)
        stringData.description = description;
    return { apiVersion: 'v1', kind: 'Secret', metadata: { name: (0, exports.secretName)(id), namespace: exports.SECRET_NAMESPACE }, type: exports.SECRET_TYPE, stringData: stringData };
}
