"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.migrate = void 0;
exports.createStorage = createStorage;
var backend_ts_1 = require("./backend.ts");
var dialect_ts_1 = require("./dialect.ts");
var log_ts_1 = require("./log.ts");
function createStorage(client) {
    return (0, backend_ts_1.backend)((0, log_ts_1.eventLog)((0, dialect_ts_1.sqlDialect)(client)));
}
var migrate_ts_1 = require("./migrate.ts");
Object.defineProperty(exports, "migrate", { enumerable: true, get: function () { return migrate_ts_1.migrate; } });
