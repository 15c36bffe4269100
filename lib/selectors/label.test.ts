import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors.ts';
import { fromLabelSelector, matches, parseLabelSelector, selectorToString } from './label.ts';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.equal(e.code, 400);
    return e.message;
  }
  assert.fail('expected an error');
};

test('parses every operator and sorts by key', () => {
  const reqs = parseLabelSelector('tier notin (db),app=web,env in (prod, dev),!canary,track,x==1,y!=2,n>3');
  assert.deepEqual(reqs, [
    { key: 'app', operator: '=', values: ['web'] },
    { key: 'canary', operator: '!', values: [] },
    { key: 'env', operator: 'in', values: ['dev', 'prod'] },
    { key: 'n', operator: 'gt', values: ['3'] },
    { key: 'tier', operator: 'notin', values: ['db'] },
    { key: 'track', operator: 'exists', values: [] },
    { key: 'x', operator: '==', values: ['1'] },
    { key: 'y', operator: '!=', values: ['2'] },
  ]);
  assert.equal(selectorToString(reqs), 'app=web,!canary,env in (dev,prod),n>3,tier notin (db),track,x==1,y!=2');
});

test('empty values and keywords used as values', () => {
  assert.deepEqual(parseLabelSelector('a='), [{ key: 'a', operator: '=', values: [''] }]);
  assert.deepEqual(parseLabelSelector('x in (in,notin)'), [{ key: 'x', operator: 'in', values: ['in', 'notin'] }]);
  assert.deepEqual(parseLabelSelector('x in (foo,,baz)'), [{ key: 'x', operator: 'in', values: ['', 'baz', 'foo'] }]);
  assert.deepEqual(parseLabelSelector(''), []);
  assert.deepEqual(parseLabelSelector('example.com/role=db'), [{ key: 'example.com/role', operator: '=', values: ['db'] }]);
});

test("Kubernetes' error messages", () => {
  assert.equal(message(() => parseLabelSelector('a b')), "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
  assert.equal(message(() => parseLabelSelector('a=b,')), "found '', expected: identifier after ','");
  assert.equal(message(() => parseLabelSelector('a=b c')), "found 'c', expected: ',' or 'end of string'");
  assert.equal(message(() => parseLabelSelector('x in a')), "unable to parse requirement: found 'a' expected: '('");
  assert.equal(message(() => parseLabelSelector('x in (a b)')), "unable to parse requirement: found 'b', expected: ',' or ')'");
  assert.equal(message(() => parseLabelSelector('!!a')), "unable to parse requirement: found '!', expected: identifier");
  assert.equal(message(() => parseLabelSelector('=a')), "found '=', expected: !, identifier, or 'end of string'");
  assert.match(
    message(() => parseLabelSelector('a@b=c')),
    /^unable to parse requirement: <nil>: Invalid value: "a@b": name part must consist of alphanumeric characters, '-', '_' or '\.', and must start and end with an alphanumeric character \(e\.g\. 'MyName',  or 'my\.name',  or '123-abc', regex used for validation is '\(\[A-Za-z0-9\]\[-A-Za-z0-9_\.\]\*\)\?\[A-Za-z0-9\]'\)$/,
  );
  assert.match(message(() => parseLabelSelector('a=b@c')), /^unable to parse requirement: values\[0\]\[a\]: Invalid value: "b@c": a valid label must be/);
  assert.match(message(() => parseLabelSelector('n>x')), /values\[0\]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer/);
});

test('matching follows Requirement.Matches', () => {
  const l = { app: 'web', env: 'prod', n: '10' };
  const m = (s: string) => matches(parseLabelSelector(s), l);
  assert.equal(m('app=web'), true);
  assert.equal(m('app=db'), false);
  assert.equal(m('app!=db'), true);
  assert.equal(m('missing!=x'), true, 'NotEquals matches when the key is absent');
  assert.equal(m('env in (prod,dev)'), true);
  assert.equal(m('env notin (prod)'), false);
  assert.equal(m('missing notin (x)'), true);
  assert.equal(m('app'), true);
  assert.equal(m('!app'), false);
  assert.equal(m('n>9'), true);
  assert.equal(m('n<9'), false);
  assert.equal(m(''), true);
});

test('the API form: nil selects nothing, empty selects everything', () => {
  assert.equal(matches(fromLabelSelector(undefined), { a: 'b' }), false);
  assert.equal(matches(fromLabelSelector({}), { a: 'b' }), true);
  const sel = fromLabelSelector({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }, { key: 'x', operator: 'DoesNotExist' }] });
  assert.equal(selectorToString(sel), 'app=web,tier notin (db),!x');
  assert.equal(matches(sel, { app: 'web', tier: 'fe' }), true);
  assert.equal(matches(sel, { app: 'web', x: '' }), false);
  assert.equal(message(() => fromLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Foo' }] })), '"Foo" is not a valid label selector operator');
  assert.equal(message(() => fromLabelSelector({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })), "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty");
});
