/**
 * The webhook configurations of a cluster, from a per-isolate copy kept fresh from the log
 * (cache/followed.ts): a request reads no database when no webhook exists, and sees a
 * configuration this isolate just wrote at once (another isolate's within 250 ms).
 *
 * Order, as Kubernetes' configuration managers: configurations sorted by name, then each one's
 * webhooks in their order.
 */
import type { Webhook, WebhookConfiguration } from '../../../../lib/api/admissionregistration/webhooks.ts';
import { FollowedSet, type Background } from '../../cache/followed.ts';
import { compileWebhookConditions, type CompiledCondition } from '../matchconditions.ts';
import { mutatingWebhookConfigurations, validatingWebhookConfigurations } from '../../registry/kinds/admissionregistration/webhook-configurations.ts';
import { storagePrefix } from '../../registry/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { Storage } from '../../storage/types.ts';

export interface ConfiguredWebhook {
  /** unique per webhook: `<configuration>/<index>` (reinvocation keeps track by it) */
  uid: string;
  configuration: string;
  hook: Webhook;
  /** its matchConditions, compiled once per change of the configurations */
  conditions: CompiledCondition[];
}

type Kind = 'mutating' | 'validating';
let followed: { set: FollowedSet; prefix: Record<Kind, string> } | undefined;

/** Made at first use: this module loads while the registry may still be loading. */
function follow() {
  if (followed) return followed;
  const prefix = { mutating: storagePrefix(mutatingWebhookConfigurations as KindDescriptor), validating: storagePrefix(validatingWebhookConfigurations as KindDescriptor) };
  return (followed = { set: new FollowedSet([prefix.mutating, prefix.validating]), prefix });
}

function webhooksUnder(objects: ReadonlyMap<string, unknown>, prefix: string): ConfiguredWebhook[] {
  const configs = [...objects.entries()].filter(([k]) => k.startsWith(prefix)).map(([, o]) => o as WebhookConfiguration);
  configs.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  return configs.flatMap((c) => (c.webhooks ?? []).map((hook, i) => ({ uid: `${c.metadata.name}/${i}`, configuration: c.metadata.name!, hook, conditions: compileWebhookConditions(hook.matchConditions) })));
}

export async function configuredWebhooks(storage: Storage, cluster: string, kind: Kind, background?: Background): Promise<ConfiguredWebhook[]> {
  const { set, prefix } = follow();
  const snap = await set.read(storage, cluster, background);
  if (snap.objects.size === 0) return [];
  return set.derived(snap, kind, (s) => webhooksUnder(s.objects, prefix[kind]));
}
