/** The request body as an object of the endpoint's kind, with field validation applied. */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { decodeBody } from '../codec/decode.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { fieldValidation } from './params.ts';
import { requestUrl } from '../request/url.ts';

export async function decodeObject(c: Context<AppEnv>, desc: KindDescriptor): Promise<KubeObject> {
  const body = await readBody(c, OBJECT_TYPES);
  const { object, warnings } = decodeBody(body.bytes, body.contentType, desc, fieldValidation(requestUrl(c.req.raw).searchParams));
  c.get('warnings').push(...warnings);
  return object as KubeObject;
}
