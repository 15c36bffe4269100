import type * as v from 'valibot';

/**
 * The TypeScript shape of what a schema accepts, as code reads it: every field optional, `null`
 * folded away (Go reads a JSON null as the zero value, so no reader distinguishes the two).
 */
export type Out<S extends v.GenericSchema> = Clean<v.InferOutput<S>>;

type Clean<T> = T extends readonly (infer U)[]
  ? Clean<U>[]
  : T extends object
    ? { [K in keyof T]: Clean<Exclude<T[K], null>> }
    : T;
