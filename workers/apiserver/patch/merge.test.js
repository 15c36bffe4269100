"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var merge_ts_1 = require("./merge.ts");
(0, node_test_1.test)('RFC 7386 examples', function () {
    var target = { title: 'Goodbye!', author: { givenName: 'John', familyName: 'Doe' }, tags: ['example', 'sample'], content: 'This will be unchanged' };
    var patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)(target, patch), {
        title: 'Hello!',
        author: { givenName: 'John' },
        tags: ['example'],
        content: 'This will be unchanged',
        phoneNumber: '+01-123-456-7890',
    });
    strict_1.default.equal(target.author.familyName, 'Doe', 'the target is not modified');
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)({ a: 'b' }, { a: { bb: null, c: 'd' } }), { a: { c: 'd' } });
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)({ a: [{ b: 'c' }] }, { a: [1] }), { a: [1] });
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)(['a', 'b'], { a: 'c' }), { a: 'c' });
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)({ a: 'foo' }, 'bar'), 'bar');
    strict_1.default.deepEqual((0, merge_ts_1.mergePatch)({}, { a: { bb: { ccc: null } } }), { a: { bb: {} } });
});
