import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { applyRules, chainsAfter, iptablesAvailable, removeRules, type AppliedRules } from './iptables.ts';
import { natRules, podsAdded, type RulesInput } from './iptables-rules.ts';

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

test('an input that only adds pods is their IPs; any other change (a pod gone, a service, the prefix) needs a full restore', () => {
  const rules = [{ key: 'default/web:http/tcp', protocol: 'tcp' as const, clusterIP: '10.96.0.20', port: 80, endpoints: [{ ip: '10.244.0.5', port: 8080 }] }];
  const base: Omit<RulesInput, 'existing'> = { prefix: 'TMN-abc', podCIDR: '10.244.0.0/16', podIPs: ['10.244.0.5'], rules };
  assert.deepEqual(podsAdded(base, { ...base, podIPs: ['10.244.0.5', '10.244.0.7', '10.244.0.6'] }), ['10.244.0.7', '10.244.0.6']);
  assert.deepEqual(podsAdded(base, { ...base }), []);
  assert.equal(podsAdded(undefined, base), undefined, 'nothing applied yet');
  assert.equal(podsAdded(base, { ...base, podIPs: ['10.244.0.7'] }), undefined, 'a pod gone');
  assert.equal(podsAdded(base, { ...base, podIPs: ['10.244.0.5', '10.244.0.7'], rules: [] }), undefined, 'a service gone');
  assert.equal(podsAdded(base, { ...base, prefix: 'TMN-def' }), undefined);
});

// root and iptables: the rules a real netfilter holds
const skip = process.getuid?.() !== 0 ? 'needs root (it writes iptables rules)' : !(await iptablesAvailable()) ? 'needs the iptables tools' : false;

test("new pods' rules inserted one by one are those a full restore writes", { skip }, async () => {
  const prefix = `TMNT${process.pid.toString(16).toUpperCase().padStart(6, '0').slice(-6)}`;
  const rules = [{ key: 'default/web:http/tcp', protocol: 'tcp' as const, clusterIP: '10.96.0.20', port: 80, endpoints: [{ ip: '10.244.200.5', port: 8080 }] }];
  const input = (podIPs: string[]) => ({ prefix, podCIDR: '10.244.0.0/16', podIPs, rules });
  const ours = () =>
    execFileSync('iptables-save', ['-t', 'nat'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.startsWith(`-A ${prefix} `));
  try {
    const applied: AppliedRules = {};
    await applyRules(input(['10.244.200.5']), applied);
    await applyRules(input(['10.244.200.5', '10.244.200.6']), applied);
    await applyRules(input(['10.244.200.5', '10.244.200.6', '10.244.200.7']), applied);
    const inserted = ours();
    assert.equal(inserted[0], `-A ${prefix} -s 10.244.200.7/32 -j ${prefix}-SVCS`, 'the newest pod first: inserted, not restored');
    await applyRules(input(['10.244.200.5', '10.244.200.6', '10.244.200.7']), {}); // nothing remembered: a full restore
    const restored = ours();
    assert.notDeepEqual(inserted, restored);
    assert.deepEqual([...inserted].sort(), [...restored].sort());
  } finally {
    await removeRules(prefix);
  }
});
