import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuthzSession, authorizerValue, BOOL, compile, DYN, evaluate, fromCel, named, PER_CALL_LIMIT, requestResourceValue, STRING, toCelInput, type Declarations } from './index.ts';

const decls: Declarations = { object: DYN, request: named('kubernetes.AdmissionRequest', { operation: STRING }) };

async function run(expr: string, bindings: Record<string, unknown> = {}, d: Declarations = decls): Promise<unknown> {
  const c = compile(expr, d);
  if (!c.ok) throw new Error(c.error);
  const r = await evaluate(c.program, bindings, { limit: PER_CALL_LIMIT });
  if (!r.ok) throw new Error(r.error);
  return fromCel(r.value);
}

test('JSON integers are ints, other numbers doubles; objects are maps', async () => {
  const object = toCelInput({ spec: { replicas: 6, ratio: 0.5, labels: { a: 'b' } } });
  assert.equal(await run('object.spec.replicas <= 5', { object }), false);
  assert.equal(await run("type(object.spec.replicas) == int && type(object.spec.ratio) == double", { object }), true);
  assert.equal(await run("has(object.spec.labels) && object.spec.labels.a == 'b' && !has(object.spec.nope)", { object }), true);
  await assert.rejects(run('object.spec.nope == 1', { object }), /^Error: no such key: nope$/);
});

test("Kubernetes' libraries: strings, lists, regex, url, quantity", async () => {
  const cases: [string, unknown][] = [
    ["'Hello'.lowerAscii() + 'x'.upperAscii()", 'helloX'],
    ["'a,b,c'.split(',').join('-')", 'a-b-c'],
    ["' x '.trim().size()", 1],
    ['[1, 2, 3].isSorted() && ![3, 1].isSorted()', true],
    ['[1, 2, 3].sum() + [4, 2].max() + [4, 2].min()', 12],
    ["['a', 'b', 'a'].indexOf('a') + ['a', 'b', 'a'].lastIndexOf('a') + [1].indexOf(5)", 1],
    ["'abc123def456'.findAll('[0-9]+')", ['123', '456']],
    ["'abc123def456'.findAll('[0-9]+', 1)", ['123']],
    ["'abc'.find('b.') + 'abc'.find('z')", 'bc'],
    ["url('https://example.com:8443/a/b?x=1&x=2').getHostname() + url('https://example.com:8443/a').getPort()", 'example.com8443'],
    ["url('https://example.com/p?x=1&x=2').getQuery()", { x: ['1', '2'] }],
    ["url('/path').getEscapedPath() == '/path' && isURL('https://a.b') && !isURL('nope')", true],
    ["quantity('1Gi').isGreaterThan(quantity('1000Mi')) && quantity('500m').isLessThan(quantity('1'))", true],
    ["quantity('500m').add(1).asApproximateFloat()", 1.5],
    ["quantity('2k').asInteger() + quantity('1').compareTo(quantity('2')) + quantity('-1').sign()", 1998],
    ["isQuantity('1x') || !quantity('1.5').isInteger()", true],
    ['[1, 2, 3].map(x, x * 2).filter(x, x > 2).all(x, x > 3)', true],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  await assert.rejects(run('[].min()'), /min called on empty list/);
  await assert.rejects(run("quantity('abc')"), /quantities must match the regular expression/);
  await assert.rejects(run("'x'.find('(')"), /error parsing regexp: missing closing \)/);
});

test("compile errors carry cel-go's location and Kubernetes' wording", () => {
  const err = (expr: string, returns = [BOOL]) => {
    const c = compile(expr, decls, { returns });
    assert.equal(c.ok, false, expr);
    return (c as { error: string }).error;
  };
  assert.equal(err('foo == 1'), "compilation failed: ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n | foo == 1\n | ^");
  assert.equal(err("'a' + 1 == 'a1'"), "compilation failed: ERROR: <input>:1:5: found no matching overload for '_+_' applied to '(string, int)'\n | 'a' + 1 == 'a1'\n | ....^");
  assert.equal(err("'a'.startsWith(1)"), "compilation failed: ERROR: <input>:1:15: found no matching overload for 'startsWith' applied to 'string.(int)'\n | 'a'.startsWith(1)\n | ..............^");
  assert.equal(err('request.nope'), "compilation failed: ERROR: <input>:1:8: undefined field 'nope'\n | request.nope\n | .......^");
  assert.equal(err('object.spec.replicas'), 'must evaluate to bool but got dyn');
  assert.equal(err('1 + 2'), 'must evaluate to bool but got int');
  assert.equal(err("nosuch('x')"), "compilation failed: ERROR: <input>:1:7: undeclared reference to 'nosuch' (in container '')\n | nosuch('x')\n | ......^");
  assert.match(err('1 +'), /^compilation failed: ERROR: <input>:1:\d+: Syntax error: /);
  assert.equal(compile('object.x', decls, { returns: [STRING] }).ok, false);
  assert.equal(compile("request.operation + 'x' == 'CREATEx'", decls, { returns: [BOOL] }).ok, true);
});

test('the per-call cost limit cancels a runaway expression; costs add up', async () => {
  const c = compile('[1,2,3,4,5,6,7,8,9,10].all(a, [1,2,3,4,5,6,7,8,9,10].all(b, [1,2,3,4,5,6,7,8,9,10].all(c, a + b + c > 0)))', decls);
  assert.ok(c.ok);
  const cheap = await evaluate(c.program, {}, { limit: PER_CALL_LIMIT });
  assert.equal(cheap.ok, true);
  assert.ok(cheap.cost > 1000, `cost ${cheap.cost}`);
  const limited = await evaluate(c.program, {}, { limit: 500 });
  assert.deepEqual({ ok: limited.ok, error: (limited as { error: string }).error }, { ok: false, error: 'operation cancelled: actual cost limit exceeded' });
  // a cancelled evaluation is not rescued by a short-circuit around it
  const c2 = compile('true || [1,2,3,4,5,6,7,8,9,10].all(a, [1,2,3,4,5,6,7,8,9,10].all(b, b > a))', decls);
  assert.ok(c2.ok);
  assert.equal((await evaluate(c2.program, {}, { limit: 50 })).ok, true);
});

test('authz: checks are decided by the authorizer, requestResource included', async () => {
  const seen: string[] = [];
  const session = new AuthzSession({ username: 'alice', groups: [] }, async (_u, info) => {
    const i = info as { verb: string; resource?: string; namespace?: string; path?: string };
    seen.push(`${i.verb} ${i.resource ?? i.path} ${i.namespace ?? ''}`);
    return { allowed: i.resource === 'pods', reason: 'rbac' };
  });
  const d: Declarations = { authorizer: named('kubernetes.Authorizer'), 'authorizer.requestResource': named('kubernetes.ResourceCheck') };
  const bindings = { authorizer: authorizerValue(), 'authorizer.requestResource': requestResourceValue({ group: 'apps', resource: 'deployments', subresource: '', namespace: 'ns', name: 'x' }) };
  const c = compile("authorizer.group('').resource('pods').namespace('ns').check('create').allowed() && !authorizer.requestResource.check('delete').allowed() && authorizer.group('').resource('pods').check('get').reason() == 'rbac'", d, { returns: [BOOL] });
  assert.ok(c.ok, (c as { error?: string }).error ?? '');
  const r = await evaluate(c.program, bindings, { limit: PER_CALL_LIMIT, authz: session });
  assert.deepEqual(r.ok && r.value, true);
  assert.deepEqual(seen.sort(), ['create pods ns', 'delete deployments ns', 'get pods ']);
});

test("sets and format (Kubernetes' base environment since 1.29 and 1.31)", async () => {
  const cases: [string, unknown][] = [
    ['sets.contains([1, 2, 3], [3, 1]) && sets.contains([1], [])', true],
    ['sets.contains([1, 2], [4])', false],
    ["sets.equivalent(['a', 'b'], ['b', 'a', 'a']) && !sets.equivalent([1], [1, 2])", true],
    ['sets.intersects([1, 2], [2, 9]) && !sets.intersects([1], [])', true],
    ["!format.dns1123Label().validate('my-app').hasValue()", true],
    ["format.dns1123Label().validate('my.app').value()", ['must not contain dots']],
    ["format.dns1123LabelPrefix().validate('my-prefix-').hasValue() || format.dns1123Label().validate('my-prefix-').hasValue()", true],
    ["format.named('labelValue').hasValue() && !format.named('nope').hasValue()", true],
    ["format.named('uuid').value().validate('x').value()", ['does not match the UUID format']],
    ["format.uuid().validate('123e4567-e89b-12d3-a456-426614174000').hasValue()", false],
    ["[format.date().validate('2021-02-30'), format.datetime().validate('2021-01-01T25:00:00Z'), format.byte().validate('a')].map(o, o.value()[0])", ['invalid date', 'invalid datetime', 'invalid base64']],
    ["format.date().validate('2024-02-29').hasValue() || format.datetime().validate('2021-01-01T00:00:00.5+02:00').hasValue()", false],
    ["format.uri().validate('nope').value()", ['parse "nope": invalid URI for request']],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  assert.match(String(await run("format.qualifiedName().validate('-a').value()[0]")), /^name part must consist of alphanumeric characters/);
});

test("ip and cidr (Kubernetes' base environment since 1.30), on Go's netip rules", async () => {
  const cases: [string, unknown][] = [
    ["[ip('127.0.0.1').family(), ip('::1').family()]", [4, 6]],
    ["[isIP('127.0.0.256'), isIP(':::1'), isIP('01.2.3.4'), isIP('::ffff:1.2.3.4'), isIP('2001:db8::1')]", [false, false, false, false, true]],
    ["[ip.isCanonical('2001:db8::abcd'), ip.isCanonical('2001:DB8::ABCD'), ip.isCanonical('2001:db8::0:0:0:abcd')]", [true, false, false]],
    ["[string(ip('2001:db8:0:0:1:0:0:1')), string(ip('0:0:0:0:0:0:0:0'))]", ['2001:db8::1:0:0:1', '::']],
    ["ip('::1') == ip('0::1') && ip('0.0.0.0').isUnspecified() && ip('::1').isLoopback()", true],
    ["[ip('224.0.0.1').isLinkLocalMulticast(), ip('224.0.1.1').isLinkLocalMulticast(), ip('ff02::1').isLinkLocalMulticast()]", [true, false, true]],
    ["[ip('169.254.169.254').isLinkLocalUnicast(), ip('fe80::1').isLinkLocalUnicast(), ip('fd80::1').isLinkLocalUnicast()]", [true, true, false]],
    ["[ip('192.168.0.1').isGlobalUnicast(), ip('255.255.255.255').isGlobalUnicast(), ip('2001:db8::abcd').isGlobalUnicast(), ip('ff00::1').isGlobalUnicast()]", [true, false, true, false]],
    ["cidr('192.168.0.0/16').containsIP(ip('192.168.0.1')) && !cidr('192.168.0.0/16').containsIP('192.169.0.1') && !cidr('10.0.0.0/8').containsIP('::1')", true],
    ["cidr('192.168.0.0/16').containsCIDR('192.168.10.0/24') && !cidr('192.168.0.0/24').containsCIDR(cidr('192.168.0.0/16'))", true],
    ["[string(cidr('192.168.1.5/16').masked()), string(cidr('192.168.1.5/16').ip()), string(cidr('2001:db8::1/32').masked())]", ['192.168.0.0/16', '192.168.1.5', '2001:db8::/32']],
    ["[cidr('::1/128').prefixLength(), cidr('0.0.0.0/0').prefixLength()]", [128, 0]],
    ["[isCIDR('10.0.0.0/33'), isCIDR('10.0.0.0/8'), isCIDR('10.0.0.0'), isCIDR('::ffff:1.2.3.4/128')]", [false, true, false, false]],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  await assert.rejects(run("ip('1.2.3')"), /^Error: IP Address "1\.2\.3" parse error during conversion from string/);
  await assert.rejects(run("ip('fe80::1%eth0')"), /^Error: IP address "fe80::1%eth0" with zone value is not allowed$/);
  await assert.rejects(run("ip('::ffff:1.2.3.4')"), /^Error: IPv4-mapped IPv6 address "::ffff:1\.2\.3\.4" is not allowed$/);
  await assert.rejects(run("cidr('nope')"), /^Error: network address parse error during conversion from string: .*no '\/'$/);
});

test("semver (Kubernetes' base environment since 1.33), on blang/semver's rules and messages", async () => {
  const cases: [string, unknown][] = [
    ["[semver('1.2.3').major(), semver('1.2.3').minor(), semver('1.2.3').patch()]", [1, 2, 3]],
    ["semver('1.0.0-alpha').isLessThan(semver('1.0.0')) && semver('1.0.0-alpha.1').isLessThan(semver('1.0.0-alpha.beta'))", true],
    ["semver('1.0.0-2').isLessThan(semver('1.0.0-10')) && semver('1.0.0-alpha').isLessThan(semver('1.0.0-alpha.1'))", true],
    ["[semver('2.0.0').compareTo(semver('1.9.9')), semver('1.0.0+build.1').compareTo(semver('1.0.0')), semver('1.2.3').compareTo(semver('1.10.0'))]", [1, 0, -1]],
    ["semver('1.2.3').isGreaterThan(semver('1.2.3')) || semver('1.0.0') != semver('1.0.0')", false],
    ["[isSemver('1.0.0'), isSemver('v1.0'), isSemver('v1.0', true), isSemver('1.0.0-'), isSemver('1.0.0+a_b')]", [true, false, true, false, false]],
    ["[semver('v01.02', true).minor(), semver('1', true).patch()]", [2, 0]],
    ["type(semver('1.0.0')) == type(semver('2.0.0')) && type(semver('1.0.0')) != type('1.0.0')", true],
  ];
  for (const [expr, want] of cases) assert.deepEqual(await run(expr), want, expr);
  await assert.rejects(run("semver('1.2')"), /^Error: No Major\.Minor\.Patch elements found$/);
  await assert.rejects(run("semver('01.2.3')"), /^Error: Major number must not contain leading zeroes "01"$/);
  await assert.rejects(run("semver('1.2.x')"), /^Error: Invalid character\(s\) found in patch number "x"$/);
  await assert.rejects(run("semver('1.2-rc', true)"), /^Error: short version cannot contain PreRelease\/Build meta data$/);
});
