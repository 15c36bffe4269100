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
exports.selfSubjectReview = exports.userInfo = void 0;
/** authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`): schema of the request body. */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
exports.userInfo = {
    username: (0, fields_ts_1.str)(1, { doc: 'The name that uniquely identifies this user among all active users.' }),
    uid: (0, fields_ts_1.str)(2, { doc: 'A unique value that identifies this user across time.' }),
    groups: (0, fields_ts_1.strList)(3, { listType: 'atomic', doc: 'The names of groups this user is a part of.' }),
    extra: (0, fields_ts_1.msgMap)(4, v.array(v.string()), { doc: 'Any additional information provided by the authenticator.' }),
};
exports.selfSubjectReview = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { status: (0, fields_ts_1.obj)(2, { userInfo: (0, fields_ts_1.obj)(1, exports.userInfo, { doc: 'User attributes of the user making this request.' }) }, { doc: 'Status is filled in by the server with the user attributes.' }) }));
