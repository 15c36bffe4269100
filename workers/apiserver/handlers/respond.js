"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.success = void 0;
exports.json = json;
exports.statusResponse = statusResponse;
function json(c, body, code, contentType) {
    var _a;
    if (code === void 0) { code = 200; }
    if (contentType === void 0) { contentType = 'application/json'; }
    var headers = new Headers({ 'Content-Type': contentType, 'Cache-Control': 'no-cache, private' });
    for (var _i = 0, _b = (_a = c.get('warnings')) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
        var w = _b[_i];
        headers.append('Warning', "299 - ".concat(JSON.stringify(w)));
    }
    return new Response(JSON.stringify(body), { status: code, headers: headers });
}
function statusResponse(c, err) {
    var _a;
    var res = json(c, err.status, err.code);
    var retry = (_a = err.status.details) === null || _a === void 0 ? void 0 : _a.retryAfterSeconds;
    if (retry)
        res.headers.set('Retry-After', String(retry));
    return res;
}
var success = function (details) { return ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: details }); };
exports.success = success;
