/** The upper-case hex digest kube-openapi names its documents and ETags with. */
export async function hexDigest(algorithm: 'SHA-256' | 'SHA-512', data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}
