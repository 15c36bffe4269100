/**
 * Takes Object.prototype's `__proto__` accessor out of the isolate, as Deno does and Node's
 * `--disable-proto=delete`: a map key `__proto__` (valid in a ConfigMap's or a Secret's data, in
 * a custom resource's maps) copied as `out[k] = v`, which every decoder, patch and merge does,
 * then becomes an own property like any other key, instead of setting the copy's prototype and
 * vanishing from what is stored. Object literals' `{ __proto__: p }` and
 * Object.getPrototypeOf/setPrototypeOf are unaffected. Each worker's entry imports it first.
 */
Reflect.deleteProperty(Object.prototype, '__proto__');
