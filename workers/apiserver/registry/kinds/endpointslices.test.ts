import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointSlice } from '../../../../lib/api/discovery.ts';
import endpointslices from './endpointslices.ts';

const es = (x: Partial<EndpointSlice>): EndpointSlice => ({ metadata: { name: 'web-abc', namespace: 'd' }, addressType: 'IPv4', endpoints: [], ...x });

test('ports default to name "" and protocol TCP', () => {
  const e = es({ ports: [{ port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }] });
  endpointslices.defaults!(e);
  assert.deepEqual(e.ports, [
    { port: 80, name: '', protocol: 'TCP' },
    { name: 'dns', protocol: 'UDP', port: 53 },
  ]);
});

test('cells: ports by number, else name, else *; endpoints flattened; <unset> when empty', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  const e = es({
    ports: [{ port: 80 }, { name: 'http' }, {}, { port: 9 }],
    endpoints: [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2', '10.0.0.3'] }],
  });
  assert.deepEqual(endpointslices.table!.cells(e, now).slice(0, 4), ['web-abc', 'IPv4', '80,http,* + 1 more...', '10.0.0.1,10.0.0.2,10.0.0.3']);
  assert.deepEqual(endpointslices.table!.cells(es({}), now).slice(2, 4), ['<unset>', '<unset>']);
});

test('validation: address type, addresses, ports; addressType immutable', () => {
  const texts = (e: EndpointSlice) => endpointslices.validate!(e).map((x) => `${x.field}: ${x.body}`);
  assert.deepEqual(texts(es({ endpoints: [{ addresses: ['10.0.0.1'], conditions: { ready: true } }], ports: [{ name: '', protocol: 'TCP', port: 80 }] })), []);
  assert.deepEqual(texts(es({ addressType: 'IPX' as 'IPv4' })), ['addressType: Unsupported value: "IPX": supported values: "FQDN", "IPv4", "IPv6"']);
  assert.deepEqual(texts(es({ endpoints: [{ addresses: [] }, { addresses: ['fd00::1'] }] })), [
    'endpoints[0].addresses: Required value: must contain at least 1 address',
    'endpoints[1].addresses[0]: Invalid value: "fd00::1": must be a valid IPv4 address',
  ]);
  assert.equal(endpointslices.validateUpdate!(es({ addressType: 'IPv6' }), es({}))[0].body, 'Invalid value: "IPv6": field is immutable');
});

test('generation: 1 on create, bumped when anything but metadata (or the labels) changes', () => {
  const created = es({ endpoints: [{ addresses: ['10.0.0.1'], deprecatedTopology: { zone: 'a' } } as never] });
  endpointslices.prepareForCreate!(created);
  assert.equal(created.metadata.generation, 1);
  assert.equal('deprecatedTopology' in created.endpoints![0], false);
  const same = es({ metadata: { name: 'web-abc', namespace: 'd', annotations: { a: 'b' } }, endpoints: [{ addresses: ['10.0.0.1'] }] });
  endpointslices.prepareForUpdate!(same, created);
  assert.equal(same.metadata.generation, 1);
  const moved = es({ endpoints: [{ addresses: ['10.0.0.2'] }] });
  endpointslices.prepareForUpdate!(moved, created);
  assert.equal(moved.metadata.generation, 2);
  const relabeled = es({ metadata: { name: 'web-abc', namespace: 'd', labels: { x: 'y' } }, endpoints: [{ addresses: ['10.0.0.1'] }] });
  endpointslices.prepareForUpdate!(relabeled, created);
  assert.equal(relabeled.metadata.generation, 2);
});
