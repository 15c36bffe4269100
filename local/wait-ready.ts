/**
 * Waits until the API answers over HTTPS, checked with the generated CA exactly as kubectl will
 * check it. `/readyz` is the signal; `/version` stands in while an apiserver has no `/readyz`.
 */
import { get } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

export async function waitUntilServing(url: string, caPem: string, token: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const readyz = await status(`${url}/readyz`, caPem, token);
      if (readyz === 200) return;
      if (readyz === 404 && (await status(`${url}/version`, caPem, token)) === 200) return;
      last = `GET /readyz answered ${readyz}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`the API at ${url} did not become ready in ${timeoutMs / 1000} s: ${last}`);
}

function status(url: string, ca: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // agent: false — no keep-alive socket is left open once the probe is answered
    const req = get(url, { ca, agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(5_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}
