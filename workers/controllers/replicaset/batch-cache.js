"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.forget = void 0;
exports.oncePerBatch = oncePerBatch;
var byBatch = new WeakMap();
function oncePerBatch(ctx, key, read) {
    var cache = byBatch.get(ctx.api);
    if (!cache)
        byBatch.set(ctx.api, (cache = new Map()));
    var hit = cache.get(key);
    if (!hit) {
        cache.set(key, (hit = read()));
        hit.catch(function () { return cache.delete(key); });
    }
    return hit;
}
/** Drops a cached read (its object changed within the batch). */
var forget = function (ctx, key) { var _a; return void ((_a = byBatch.get(ctx.api)) === null || _a === void 0 ? void 0 : _a.delete(key)); };
exports.forget = forget;
