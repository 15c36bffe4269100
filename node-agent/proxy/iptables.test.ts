import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chainsAfter } from './iptables.ts';
import { natRules } from './iptables-rules.ts';

test('the chains an apply leaves are known from what it wrote: the wanted ones, not the stale ones it deleted', () => {
  const prefix = 'TMN-abc';
  const rules = [{ key: 'default/web:http/tcp', protocol: 'tcp' as const, clusterIP: '10.96.0.20', port: 80, endpoints: [{ ip: '10.244.0.5', port: 8080 }] }];
  const first = natRules({ prefix, podCIDR: '10.244.0.0/16', podIPs: ['10.244.0.5'], rules, existing: [] });
  const after = chainsAfter(first);
  assert.ok(after.length >= 7, String(after)); // the five top chains, the service's and its endpoint's
  assert.ok(after.every((ch) => ch.startsWith(prefix)), String(after));
  // the service goes: the next apply, from the remembered chains, deletes its chains, and they are forgotten
  const second = natRules({ prefix, podCIDR: '10.244.0.0/16', podIPs: ['10.244.0.5'], rules: [], existing: after });
  const gone = after.filter((ch) => !chainsAfter(second).includes(ch));
  assert.equal(gone.length, 2, String(gone));
  for (const ch of gone) assert.ok(second.includes(`-X ${ch}`), `${ch} is deleted`);
});
