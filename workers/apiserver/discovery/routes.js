"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.discoveryRoutes = discoveryRoutes;
var index_ts_1 = require("../registry/index.ts");
var reviews_ts_1 = require("../handlers/reviews.ts");
var respond_ts_1 = require("../handlers/respond.ts");
var errors_ts_1 = require("../../../lib/errors.ts");
var negotiate_ts_1 = require("../request/negotiate.ts");
var documents_ts_1 = require("./documents.ts");
var cached;
var gvs = function () { return (cached !== null && cached !== void 0 ? cached : (cached = (0, documents_ts_1.groupVersions)(index_ts_1.kinds, reviews_ts_1.reviewResources))); };
/** The aggregated discovery version the client accepts, if any. */
function wantsAggregated(accept) {
    for (var _i = 0, _a = (accept !== null && accept !== void 0 ? accept : '').split(','); _i < _a.length; _i++) {
        var part = _a[_i];
        var m = (0, negotiate_ts_1.parseMediaType)(part);
        if (m.params.as === 'APIGroupDiscoveryList' && m.params.g === 'apidiscovery.k8s.io' && (m.params.v === 'v2' || m.params.v === 'v2beta1'))
            return m.params.v;
    }
    return undefined;
}
function discovery(c, core) {
    var v = wantsAggregated(c.req.header('Accept'));
    if (v) {
        var res = (0, respond_ts_1.json)(c, (0, documents_ts_1.aggregated)(gvs(), core, v), 200, v === 'v2' ? documents_ts_1.AGGREGATED_V2 : documents_ts_1.AGGREGATED_V2BETA1);
        res.headers.set('Vary', 'Accept');
        return res;
    }
    return (0, respond_ts_1.json)(c, core ? (0, documents_ts_1.apiVersions)(new URL(c.req.url).host) : (0, documents_ts_1.apiGroupList)(gvs()));
}
function discoveryRoutes(app) {
    app.get('/api', function (c) { return discovery(c, true); });
    app.get('/apis', function (c) { return discovery(c, false); });
    app.get('/api/v1', function (c) { return (0, respond_ts_1.json)(c, (0, documents_ts_1.resourceList)(gvs().find(function (x) { return x.group === '' && x.version === 'v1'; }))); });
    app.get('/apis/:group', function (c) {
        var group = c.req.param('group');
        if (!gvs().some(function (x) { return x.group === group; }))
            throw (0, errors_ts_1.resourceNotFound)();
        return (0, respond_ts_1.json)(c, (0, documents_ts_1.apiGroup)(group, gvs()));
    });
    app.get('/apis/:group/:version', function (c) {
        var gv = gvs().find(function (x) { return x.group === c.req.param('group') && x.version === c.req.param('version'); });
        if (!gv)
            throw (0, errors_ts_1.resourceNotFound)();
        return (0, respond_ts_1.json)(c, (0, documents_ts_1.resourceList)(gv));
    });
}
