"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nodeLifecycleControllers = void 0;
var controller_ts_1 = require("./controller.ts");
var eviction_ts_1 = require("./eviction.ts");
exports.nodeLifecycleControllers = [controller_ts_1.nodeLifecycleController, eviction_ts_1.taintEvictionController];
