/**
 * A custom resource's conversion between its CRD's versions (KindDescriptor.customResource): an
 * object is kept at the storage version of when it was written, and served at the version asked
 * for — a GET, a LIST, a watch's events, a write's answer; a write is converted to the storage
 * version before it is kept. Strategy `None` changes the apiVersion only; `Webhook` sends the
 * objects that are not at the desired version to the CRD's webhook, all in one ConversionReview,
 * reached as admission webhooks are (admission/webhooks/reach.ts). A converted object is then
 * pruned and defaulted by its new version's schema, as Kubernetes' schema coercer does: fields
 * that version does not describe are dropped. A failure is Kubernetes' 500:
 * `conversion webhook for <group/version, Kind=…> failed: …`.
 */
import type { CustomResourceDefinition, JSONSchemaProps } from '../../../../lib/api/apiextensions.ts';
import { gvkString, parseGroupVersion } from '../../../../lib/api/group-version.ts';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { internal } from '../../../../lib/errors.ts';
import { postReview } from '../../admission/webhooks/reach.ts';
import type { Conversion, ConversionReach } from '../../registry/types.ts';
import { applyDefaults } from '../schema/defaults.ts';
import { pruneObject } from '../schema/prune.ts';
import { checkedConversion, conversionReview, convertedObjects } from './review.ts';

/** Kubernetes gives a conversion webhook 30 s (its calls carry `?timeout=30s`). */
const TIMEOUT_SECONDS = 30;

type Convert = (objects: KubeObject[], apiVersion: string) => Promise<KubeObject[]>;

/** How the objects of `crd` are served at `version` and kept at its storage version. */
export function crdConversion(crd: CustomResourceDefinition, version: string, reach: ConversionReach): Conversion {
  const group = crd.spec.group ?? '';
  const served = `${group}/${version}`;
  const stored = `${group}/${crd.spec.versions?.find((v) => v.storage)?.name ?? version}`;
  const webhook = crd.spec.conversion?.strategy === 'Webhook';
  const schemaOf = (apiVersion: string) => crd.spec.versions?.find((v) => `${group}/${v.name}` === apiVersion)?.schema?.openAPIV3Schema;
  const byNone = (o: KubeObject, to: string) => fitted({ ...o, apiVersion: to }, schemaOf(to));
  const convert: Convert = webhook ? async (objects, to) => (await viaWebhook(crd, reach, objects, to)).map((o) => fitted(o, schemaOf(to))) : async (objects, to) => objects.map((o) => byNone(o, to));
  /** only the objects not at `to` are converted; the others come back as they are */
  const convertAll = async (objects: KubeObject[], to: string): Promise<KubeObject[]> => {
    const pending = objects.filter((o) => o.apiVersion !== to);
    if (!pending.length) return objects;
    const converted = await convert(pending, to);
    let i = 0;
    return objects.map((o) => (o.apiVersion === to ? o : converted[i++]));
  };
  return {
    out: (objects) => convertAll(objects, served),
    in: async (object) => (await convertAll([object], stored))[0],
    // selectors see the served version where that needs no webhook: its selectable fields may be elsewhere
    selected: (object) => (webhook || object.apiVersion === served ? object : byNone(object, served)),
  };
}

/** Pruned and defaulted by the schema of the version it was converted to. */
function fitted(object: KubeObject, schema: JSONSchemaProps | undefined): KubeObject {
  if (!schema) return object;
  const pruned = pruneObject(object, schema).value as KubeObject;
  applyDefaults(pruned, schema, true);
  return pruned;
}

async function viaWebhook(crd: CustomResourceDefinition, reach: ConversionReach, objects: KubeObject[], to: string): Promise<KubeObject[]> {
  const gvk = gvkString(parseGroupVersion(objects[0].apiVersion ?? '') ?? { group: '', version: '' }, objects[0].kind ?? '');
  const failed = (why: string) => internal(`conversion webhook for ${gvk} failed: ${why}`);
  const hook = crd.spec.conversion?.webhook;
  const uid = crypto.randomUUID();
  const review = conversionReview(hook?.conversionReviewVersions ?? [], uid, to, objects);
  if (!review) throw internal('no supported conversion review versions');
  if (!reach.webhookBindings || !hook?.clientConfig) throw failed('no way to reach the webhook from here');

  let answer: unknown[];
  try {
    const body = await postReview(reach.webhookBindings, reach.storage, reach.cluster, { clientConfig: hook.clientConfig, timeoutSeconds: TIMEOUT_SECONDS }, JSON.stringify(review.body));
    answer = convertedObjects(review.version, uid, body);
  } catch (e) {
    throw failed(e instanceof Error ? e.message : String(e));
  }
  if (answer.length !== objects.length) throw internal(`conversion webhook for ${gvk} returned ${answer.length} objects, expected ${objects.length}`);

  // Kubernetes words a single object's refusal and a list's apart
  const single = objects.length === 1;
  return objects.map((original, i) => {
    const r = checkedConversion(original, answer[i], to);
    if ('object' in r) return r.object;
    if ('invalid' in r) throw internal(`conversion webhook for ${gvk} returned invalid ${single ? 'object' : `converted object at index ${i}`}: ${r.invalid}`);
    throw internal(`conversion webhook for ${gvk} returned invalid metadata${single ? '' : ` in object at index ${i}`}: ${r.invalidMeta}`);
  });
}
