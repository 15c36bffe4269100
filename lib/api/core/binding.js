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
Object.defineProperty(exports, "__esModule", { value: true });
exports.bindingSchema = void 0;
/** core/v1 Binding: the body of pods/binding (the scheduler's "bind this pod to that node"). */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var refs_ts_1 = require("./refs.ts");
exports.bindingSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { target: (0, fields_ts_1.obj)(2, refs_ts_1.objectReference, { keep: true, doc: 'The target object that you want to bind to the standard object.' }) }));
