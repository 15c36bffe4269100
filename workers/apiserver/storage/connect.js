"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.connectStorage = connectStorage;
/** The storage of a cluster, reached over libSQL's HTTP protocol; one per isolate and URL. */
var web_1 = require("@libsql/client/web");
var index_ts_1 = require("./index.ts");
var byUrl = new Map();
/**
 * No client-side limit on calls in flight. The client's limiter (20 by default) starts a queued
 * call when another one finishes, i.e. inside another request's I/O context; workerd cancels what
 * a finished request left behind, so past 20 concurrent calls some requests hung until the runtime
 * killed them. Each request bounds its own calls; the database serialises the writes.
 */
var UNLIMITED = Number.MAX_SAFE_INTEGER;
function connectStorage(env) {
    var s = byUrl.get(env.LIBSQL_URL);
    if (!s)
        byUrl.set(env.LIBSQL_URL, (s = (0, index_ts_1.createStorage)((0, web_1.createClient)({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN, concurrency: UNLIMITED }))));
    return s;
}
