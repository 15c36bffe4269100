import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Endpoints } from '../../../../lib/api/core/endpoints.ts';
import endpoints, { formatEndpoints } from './endpoints.ts';

const ep = (subsets?: Endpoints['subsets']): Endpoints => ({ metadata: { name: 'web', namespace: 'd' }, ...(subsets ? { subsets } : {}) });

test('Endpoints cell: address × port, IPv6 bracketed, at most 3', () => {
  assert.equal(formatEndpoints(ep()), '<none>');
  assert.equal(formatEndpoints(ep([{ notReadyAddresses: [{ ip: '10.0.0.9' }], ports: [{ port: 80 }] }])), '');
  assert.equal(formatEndpoints(ep([{ addresses: [{ ip: '10.0.0.1' }] }])), '10.0.0.1');
  assert.equal(formatEndpoints(ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }], ports: [{ port: 80 }] }])), '10.0.0.1:80,[fd00::1]:80');
  assert.equal(
    formatEndpoints(ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] }])),
    '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...',
  );
  assert.deepEqual(endpoints.table!.columns.map((c) => c.name), ['Name', 'Endpoints', 'Age']);
});

test('validation and protocol default', () => {
  const e = ep([{ addresses: [{ ip: '10.0.0.300' }], ports: [{ port: 70000 }, { name: 'b', port: 1 }] }]);
  endpoints.defaults!(e);
  assert.equal(e.subsets![0].ports![0].protocol, 'TCP');
  assert.deepEqual(endpoints.validate!(e).map((x) => `${x.field}: ${x.body}`), [
    'subsets[0].addresses[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    'subsets[0].ports[0].name: Required value',
    'subsets[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
  ]);
});
