/**
 * identity.timonier.dev/v1alpha1 User: a person of the cluster. Tokens issued for a User
 * (`users/<name>/token`, `timonier kubeconfig create`) authenticate as its name with its groups,
 * and only while it exists with the uid they were issued for: deleting it revokes them.
 */
import * as v from 'valibot';
import { obj, strList } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';

export const IDENTITY_GROUP = 'identity.timonier.dev';
export const IDENTITY_VERSION = 'v1alpha1';

export const user = v.object({
  ...objectEntries,
  spec: obj(2, { groups: strList(1, { listType: 'atomic', doc: 'The groups the user is a member of (system:authenticated is always added).' }) }, { doc: 'The user’s groups.' }),
});

export interface User extends KubeObject {
  spec?: { groups?: string[] };
}
