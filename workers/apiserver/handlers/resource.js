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
Object.defineProperty(exports, "__esModule", { value: true });
exports.resourceHandler = resourceHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var index_ts_1 = require("../registry/index.ts");
var binding_ts_1 = require("./binding.ts");
var finalize_ts_1 = require("./finalize.ts");
var create_ts_1 = require("./create.ts");
var delete_ts_1 = require("./delete.ts");
var get_ts_1 = require("./get.ts");
var list_ts_1 = require("./list.ts");
var patch_ts_1 = require("./patch.ts");
var pod_exec_ts_1 = require("./pod-exec.ts");
var pod_log_ts_1 = require("./pod-log.ts");
var reviews_ts_1 = require("./reviews.ts");
var scale_ts_1 = require("./scale.ts");
var update_ts_1 = require("./update.ts");
var watch_ts_1 = require("./watch.ts");
var MAIN = {
    get: get_ts_1.getHandler,
    list: list_ts_1.listHandler,
    watch: watch_ts_1.watchHandler,
    create: create_ts_1.createHandler,
    update: update_ts_1.updateHandler,
    patch: patch_ts_1.patchHandler,
    delete: delete_ts_1.deleteHandler,
    deletecollection: delete_ts_1.deleteCollectionHandler,
};
var STATUS = { get: get_ts_1.getHandler, update: update_ts_1.updateHandler, patch: patch_ts_1.patchHandler };
var SCALE = { get: scale_ts_1.scaleHandler, update: scale_ts_1.scaleHandler, patch: scale_ts_1.scaleHandler };
var BINDING = { create: binding_ts_1.bindingHandler };
var FINALIZE = { update: finalize_ts_1.finalizeHandler };
var LOG = { get: pod_log_ts_1.podLogHandler };
// GET is the WebSocket upgrade; POST is kubectl's SPDY fallback, answered with why it cannot be served
var EXEC = { get: pod_exec_ts_1.podExecHandler, create: pod_exec_ts_1.podExecHandler };
function handlersFor(desc, subresource) {
    var _a;
    var s = (_a = desc.subresources) !== null && _a !== void 0 ? _a : {};
    if (!subresource)
        return MAIN;
    if (subresource === 'status' && s.status)
        return STATUS;
    if (subresource === 'scale' && s.scale)
        return SCALE;
    if (subresource === 'binding' && s.binding)
        return BINDING;
    if (subresource === 'finalize' && desc.group === '' && desc.resource === 'namespaces')
        return FINALIZE;
    if (subresource === 'log' && s.log)
        return LOG;
    if (subresource === 'exec' && s.exec)
        return EXEC;
    return undefined;
}
function resourceHandler(c) {
    return __awaiter(this, void 0, void 0, function () {
        var info, review, desc, collection, handlers, handler;
        return __generator(this, function (_a) {
            info = c.get('info');
            review = reviews_ts_1.reviewResources.find(function (r) { return r.group === info.group && r.version === info.version && r.resource === info.resource; });
            if (review)
                return [2 /*return*/, (0, reviews_ts_1.reviewHandler)(c, review)];
            desc = (0, index_ts_1.byResource)(info.group, info.version, info.resource);
            if (!desc)
                throw (0, errors_ts_1.resourceNotFound)();
            collection = info.verb === 'list' || info.verb === 'watch' || info.verb === 'deletecollection';
            if (desc.namespaced && !info.namespace && !collection)
                throw (0, errors_ts_1.resourceNotFound)();
            if (!desc.namespaced && info.namespace && info.resource !== 'namespaces')
                throw (0, errors_ts_1.resourceNotFound)();
            if (info.subresource && !info.name)
                throw (0, errors_ts_1.resourceNotFound)();
            // the routes Kubernetes registers: a collection takes GET, POST and DELETE, an object GET, PUT,
            // PATCH and DELETE; any other method is the router's 405
            if (!info.subresource && (info.name ? info.verb === 'create' : info.verb === 'update' || info.verb === 'patch'))
                throw (0, errors_ts_1.methodNotAllowed)();
            handlers = handlersFor(desc, info.subresource);
            if (!handlers) {
                if (info.subresource === 'portforward' || info.subresource === 'attach')
                    throw (0, errors_ts_1.badRequest)("".concat(desc.resource, "/").concat(info.subresource, " is not served yet: only log and exec go through the node agent's tunnel"));
                throw (0, errors_ts_1.resourceNotFound)();
            }
            handler = handlers[info.verb];
            if (!handler)
                throw (0, errors_ts_1.methodNotAllowed)();
            return [2 /*return*/, handler(c, desc)];
        });
    });
}
