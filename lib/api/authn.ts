/** authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`): schema of the request body. */
import * as v from 'valibot';
import { msgMap, obj, str, strList } from '../schema/fields.ts';
import { objectEntries } from './meta.ts';

export const userInfo = {
  username: str(1, { doc: 'The name that uniquely identifies this user among all active users.' }),
  uid: str(2, { doc: 'A unique value that identifies this user across time.' }),
  groups: strList(3, { listType: 'atomic', doc: 'The names of groups this user is a part of.' }),
  extra: msgMap(4, v.array(v.string()), { doc: 'Any additional information provided by the authenticator.' }),
};

export const selfSubjectReview = v.object({
  ...objectEntries,
  status: obj(2, { userInfo: obj(1, userInfo, { doc: 'User attributes of the user making this request.' }) }, { doc: 'Status is filled in by the server with the user attributes.' }),
});

