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
Object.defineProperty(exports, "__esModule", { value: true });
exports.CREDENTIAL_TTL_SECONDS = void 0;
exports.joinHandler = joinHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var tokens_ts_1 = require("../../../lib/auth/tokens.ts");
var node_identity_ts_1 = require("../auth/node-identity.ts");
var body_ts_1 = require("../handlers/body.ts");
exports.CREDENTIAL_TTL_SECONDS = 365 * 24 * 3600;
var SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
function joinHandler(c) {
    return __awaiter(this, void 0, void 0, function () {
        var body, nodeName, kind, self, key, token, expires, answer;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, body_ts_1.readBody)(c, ['application/json'])];
                case 1:
                    body = _a.sent();
                    try {
                        nodeName = JSON.parse(new TextDecoder().decode(body.bytes)).nodeName;
                    }
                    catch (e) {
                        throw (0, errors_ts_1.badRequest)("the request body must be JSON: ".concat(e.message));
                    }
                    kind = { group: 'timonier.dev', kind: 'NodeCredential' };
                    if (typeof nodeName !== 'string' || !nodeName)
                        throw (0, errors_ts_1.invalid)(kind, '', [errors_ts_1.fieldErr.required('nodeName')]);
                    if (nodeName.length > 253 || !SUBDOMAIN.test(nodeName))
                        throw (0, errors_ts_1.invalid)(kind, nodeName, [errors_ts_1.fieldErr.invalid('nodeName', nodeName, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character")]);
                    self = (0, node_identity_ts_1.nodeIdentity)(c.get('user'));
                    if (self !== undefined && self !== nodeName)
                        throw (0, errors_ts_1.forbidden)(undefined, undefined, "node \"".concat(self, "\" may only renew its own credential, not node \"").concat(nodeName, "\"'s"));
                    key = c.env.TOKEN_SIGNING_KEY;
                    if (!key)
                        throw (0, errors_ts_1.internal)('TOKEN_SIGNING_KEY is not set: this control plane cannot issue node credentials');
                    return [4 /*yield*/, (0, tokens_ts_1.signToken)(key, __assign(__assign({}, (0, node_identity_ts_1.nodeUser)(nodeName)), { ttlSeconds: exports.CREDENTIAL_TTL_SECONDS }))];
                case 2:
                    token = _a.sent();
                    expires = new Date(Date.now() + exports.CREDENTIAL_TTL_SECONDS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
                    answer = { apiVersion: 'timonier.dev/v1', kind: 'NodeCredential', nodeName: nodeName, token: token, expirationTimestamp: expires };
                    return [2 /*return*/, c.json(answer, 201)];
            }
        });
    });
}
