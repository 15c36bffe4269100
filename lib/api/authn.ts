/** authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`): schema of the request body. */
import * as v from 'valibot';
import { int64, msgMap, obj, str, strList, time } from '../schema/fields.ts';
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


/** authentication.k8s.io/v1 TokenRequest (serviceaccounts/<name>/token, `kubectl create token`). */
export const tokenRequest = v.object({
  ...objectEntries,
  spec: obj(2, {
    audiences: strList(1, { listType: 'atomic', doc: 'Intended audiences of the token.' }),
    boundObjectRef: obj(3, { kind: str(1), apiVersion: str(2), name: str(3), uid: str(4) }, { ptr: true, doc: 'The object the token is bound to.' }),
    expirationSeconds: int64(4, { ptr: true, doc: 'The requested duration of validity of the token.' }),
  }),
  status: obj(3, { token: str(1), expirationTimestamp: time(2) }),
});
