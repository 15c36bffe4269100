import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { createStorage, migrate } from '../workers/apiserver/storage/index.ts';
import { scopedStorage } from '../workers/apiserver/storage/scoped.ts';
import { systemObjects } from '../workers/apiserver/bootstrap.ts';
import { createObjects } from '../workers/apiserver/rest/batch-create.ts';
const dir = mkdtempSync(join(tmpdir(), 'p-'));
const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
await migrate(client);
const storage = createStorage(client);
for (let i = 0; i < 30; i++) {
  const s = scopedStorage(storage, 'c' + i);
  const ctx = { storage: s, cluster: 'c' + i, user: { username: 'system:apiserver', groups: ['system:masters'] }, manager: 'kube-apiserver', dryRun: true, now: () => new Date(), afterCommit: () => {} };
  const t0 = performance.now();
  await createObjects(ctx as any, systemObjects({}));
  const t1 = performance.now();
  await createObjects({ ...ctx, dryRun: false } as any, systemObjects({}));
  const t2 = performance.now();
  if (i % 5 == 4) console.log(`dry ${(t1 - t0).toFixed(1)} ms, real ${(t2 - t1).toFixed(1)} ms`);
}
