/** managedFields times: RFC 3339 in UTC, whole seconds. */
export const rfc3339Seconds = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
