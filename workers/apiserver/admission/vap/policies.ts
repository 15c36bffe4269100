/**
 * The policies and bindings of a cluster, read per request from a per-isolate copy kept fresh
 * from the log (cache/followed.ts): no database read per admission, and each policy compiled once
 * per change of the set.
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../lib/api/admissionregistration/vap.ts';
import { FollowedSet } from '../../cache/followed.ts';
import { storagePrefix } from '../../registry/index.ts';
import policiesDesc from '../../registry/kinds/admissionregistration/validatingadmissionpolicies.ts';
import bindingsDesc from '../../registry/kinds/admissionregistration/validatingadmissionpolicybindings.ts';
import type { Storage } from '../../storage/types.ts';
import { compilePolicy, type CompiledPolicy } from './compile.ts';

const POLICIES = storagePrefix(policiesDesc);
const BINDINGS = storagePrefix(bindingsDesc);

const followed = new FollowedSet([POLICIES, BINDINGS]);

export interface PolicyEntry {
  policy: ValidatingAdmissionPolicy;
  compiled: CompiledPolicy;
  bindings: ValidatingAdmissionPolicyBinding[];
}

/** The policies that have at least one binding, by name, each with its bindings (sorted by name). */
export async function boundPolicies(storage: Storage, cluster: string): Promise<PolicyEntry[]> {
  const snap = await followed.read(storage, cluster);
  return followed.derived(snap, 'vap', (s) => {
    const bindings = new Map<string, ValidatingAdmissionPolicyBinding[]>();
    const policies: ValidatingAdmissionPolicy[] = [];
    for (const [key, o] of s.objects) {
      if (key.startsWith(BINDINGS)) {
        const b = o as ValidatingAdmissionPolicyBinding;
        const name = b.spec?.policyName ?? '';
        bindings.set(name, [...(bindings.get(name) ?? []), b]);
      } else policies.push(o as ValidatingAdmissionPolicy);
    }
    const byName = (a: { metadata: { name?: string } }, b: { metadata: { name?: string } }) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1);
    return policies
      .filter((p) => bindings.has(p.metadata.name ?? ''))
      .sort(byName)
      .map((p) => ({ policy: p, compiled: compilePolicy(p), bindings: bindings.get(p.metadata.name!)!.sort(byName) }));
  });
}
