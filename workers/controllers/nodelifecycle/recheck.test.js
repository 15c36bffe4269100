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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var recheck_ts_1 = require("./recheck.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
(0, node_test_1.test)('one pending re-check per key: later wishes wait for it, earlier ones are sent', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, r;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                r = new recheck_ts_1.Rechecks();
                return [4 /*yield*/, r.at(ctx, 'n', 10000, 0)];
            case 1:
                _a.sent();
                return [4 /*yield*/, r.at(ctx, 'n', 12000, 0)];
            case 2:
                _a.sent();
                strict_1.default.deepEqual(ctx.requeued, [{ key: 'n', seconds: 10 }]);
                return [4 /*yield*/, r.at(ctx, 'n', 4000, 0)];
            case 3:
                _a.sent();
                strict_1.default.deepEqual(ctx.requeued.at(-1), { key: 'n', seconds: 4 });
                r.fired('n', 2000);
                return [4 /*yield*/, r.at(ctx, 'n', 9000, 2000)];
            case 4:
                _a.sent();
                strict_1.default.equal(ctx.requeued.length, 2, 'not yet due: still pending');
                r.fired('n', 3500);
                return [4 /*yield*/, r.at(ctx, 'n', 9000, 3500)];
            case 5:
                _a.sent();
                strict_1.default.deepEqual(ctx.requeued.at(-1), { key: 'n', seconds: 5.5 }, 'due (within a second): fired, so a new one is sent');
                r.forget('n');
                return [4 /*yield*/, r.at(ctx, 'n', 20000, 4000)];
            case 6:
                _a.sent();
                strict_1.default.equal(ctx.requeued.length, 4);
                return [2 /*return*/];
        }
    });
}); });
