/** identity.timonier.dev/v1alpha1 users (lib/api/identity.ts): people, and the revocation of their tokens. */
import { IDENTITY_GROUP, IDENTITY_VERSION, user, type User } from '../../../../../lib/api/identity.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';

const desc: KindDescriptor<User> = {
  group: IDENTITY_GROUP,
  version: IDENTITY_VERSION,
  kind: 'User',
  resource: 'users',
  singular: 'user',
  namespaced: false,
  schema: user,
  openapiName: 'dev.timonier.identity.v1alpha1.User',
  // user names are free-form in Kubernetes (emails, ...): anything a path segment can carry
  nameRule: 'path-segment',
  subresources: { token: true },

  validate(u) {
    const errs: FieldError[] = [];
    // system: names are the control plane's own identities (nodes, service accounts, components)
    if (u.metadata.name?.startsWith('system:')) errs.push(fieldErr.invalid('metadata.name', u.metadata.name, 'the system: prefix is reserved for the control plane’s own identities'));
    (u.spec?.groups ?? []).forEach((g, i) => {
      if (!g) errs.push(fieldErr.required(`spec.groups[${i}]`));
    });
    return errs;
  },

  table: {
    columns: [nameColumn, column('Groups', 'string', 'The groups the user is a member of.'), ageColumn],
    cells: (u, now) => [u.metadata.name, (u.spec?.groups ?? []).join(',') || '<none>', age(u.metadata.creationTimestamp, now)],
  },
};

export default desc;
