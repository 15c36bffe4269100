import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP, isIPv4, isIPv6, portName, portNumber, validatePortNumOrName, validateProtocol } from './validation-net.ts';

test('IP addresses', () => {
  for (const ok of ['10.0.0.1', '0.0.0.0', '255.255.255.255']) assert.ok(isIPv4(ok), ok);
  for (const bad of ['256.0.0.1', '10.0.0', '01.2.3.4', 'a.b.c.d']) assert.ok(!isIPv4(bad), bad);
  for (const ok of ['::', '::1', 'fd00::1', '2001:db8::ffff', '1:2:3:4:5:6:7:8', '::ffff:10.0.0.1']) assert.ok(isIPv6(ok), ok);
  for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', 'fd00::g', '10.0.0.1', '12345::1']) assert.ok(!isIPv6(bad), bad);
  assert.ok(isIP('fd00::1') && isIP('1.2.3.4') && !isIP('host'));
});

test('ports, port names, protocols', () => {
  assert.deepEqual(portNumber(80), []);
  assert.deepEqual(portNumber(0), ['must be between 1 and 65535, inclusive']);
  assert.deepEqual(portName('http-alt'), []);
  assert.deepEqual(portName('-a--b-'), ['must not contain consecutive hyphens', 'must not begin or end with a hyphen']);
  assert.deepEqual(portName('12345'), ['must contain at least one letter (a-z)']);
  assert.equal(validatePortNumOrName('averyveryverylongname', 'p')[0].body, 'Invalid value: "averyveryverylongname": must be no more than 15 characters');
  assert.deepEqual(validateProtocol(undefined, 'p'), [{ type: 'FieldValueRequired', field: 'p', body: 'Required value' }]);
  assert.equal(validateProtocol('tcp', 'p')[0].body, 'Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"');
});
