/**
 * One-shot HTTPS requests for joining and the CLI: Node's global fetch takes no CA, so requests go
 * through node:https with the cluster CA pinned (or, for the one discovery read, no
 * verification). The agent's API client uses the streaming fetch of node-agent/http.ts.
 */
import https from 'node:https';

export interface Reply {
  status: number;
  text: string;
  json: unknown;
}

export interface HttpsOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** PEM of the CA to trust; with `insecure` nothing is verified */
  ca?: string;
  insecure?: boolean;
  timeoutMs?: number;
  /** of the JSON body (default application/json; e.g. a merge patch) */
  contentType?: string;
}

export function httpsRequest(url: string, opts: HttpsOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'timonier-node-agent' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  if (payload !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: opts.method ?? 'GET', headers, ca: opts.ca, rejectUnauthorized: !opts.insecure }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (ch: Buffer) => chunks.push(ch));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error(`timed out: ${opts.method ?? 'GET'} ${url}`)));
    req.end(payload);
  });
}
