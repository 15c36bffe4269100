"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var json_ts_1 = require("./json.ts");
var err = function (s) {
    try {
        (0, json_ts_1.readJson)(s);
    }
    catch (e) {
        strict_1.default.ok(e instanceof json_ts_1.JsonSyntaxError);
        return e.message;
    }
    strict_1.default.fail("expected a syntax error for ".concat(s));
};
(0, node_test_1.test)("Go's syntax error texts", function () {
    strict_1.default.equal(err(''), 'unexpected end of JSON input');
    strict_1.default.equal(err('{"apiVersion":"v1","kind":"Con'), 'unexpected end of JSON input');
    strict_1.default.equal(err('x'), "invalid character 'x' looking for beginning of value");
    strict_1.default.equal(err('{"a" 1}'), "invalid character '1' after object key");
    strict_1.default.equal(err('{"a":1 "b":2}'), "invalid character '\"' after object key:value pair");
    strict_1.default.equal(err('{"a":1,}'), "invalid character '}' looking for beginning of object key string");
    strict_1.default.equal(err('{a:1}'), "invalid character 'a' looking for beginning of object key string");
    strict_1.default.equal(err('[1 2]'), "invalid character '2' after array element");
    strict_1.default.equal(err('[1,]'), "invalid character ']' looking for beginning of value");
    strict_1.default.equal(err('{} x'), "invalid character 'x' after top-level value");
    strict_1.default.equal(err('{"a":tru}'), "invalid character '}' in literal true (expecting 'e')");
    strict_1.default.equal(err('{"a":nul'), 'unexpected end of JSON input');
    strict_1.default.equal(err('{"a":-x}'), "invalid character 'x' in numeric literal");
    strict_1.default.equal(err('{"a":1.}'), "invalid character '}' after decimal point in numeric literal");
    strict_1.default.equal(err('{"a":1e}'), "invalid character '}' in exponent of numeric literal");
    strict_1.default.equal(err('{"a":01}'), "invalid character '1' after object key:value pair");
    strict_1.default.equal(err('{"a":"\\x"}'), "invalid character 'x' in string escape code");
    strict_1.default.equal(err('{"a":"\\u12g4"}'), "invalid character 'g' in \\u hexadecimal character escape");
    strict_1.default.equal(err('{"a":"\n"}'), "invalid character '\\n' in string literal");
    strict_1.default.equal(err("{'a':1}"), "invalid character '\\'' looking for beginning of object key string");
});
(0, node_test_1.test)('the error says where', function () {
    try {
        (0, json_ts_1.readJson)('{\n  "a": 1,\n  "b" 2\n}');
    }
    catch (e) {
        strict_1.default.ok(e instanceof json_ts_1.JsonSyntaxError);
        strict_1.default.deepEqual([e.line, e.column, e.offset], [3, 7, 18]);
        return;
    }
    strict_1.default.fail('expected a syntax error');
});
(0, node_test_1.test)('values and duplicate key paths', function () {
    var r = (0, json_ts_1.readJson)('{"metadata":{"name":"a","name":"b"},"spec":{"containers":[{"image":"x","image":"y"}]},"k\\u0065y":1,"key":2}');
    strict_1.default.deepEqual(r.value, { metadata: { name: 'b' }, spec: { containers: [{ image: 'y' }] }, key: 2 });
    strict_1.default.deepEqual(r.duplicates, ['metadata.name', 'spec.containers[0].image', 'key']);
    strict_1.default.deepEqual((0, json_ts_1.readJson)('{"a":1,"a":2}', { duplicates: false }).duplicates, []);
});
