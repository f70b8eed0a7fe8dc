/** Door tablets in API tests: a tablet paired to a room, as an administrator and the tablet do it. */
import type { TestApp } from './app.ts';

/** Pairs a new tablet to `resourceId` through the API; answers its credential and the header that sends it. */
export async function pairTablet(
  app: TestApp,
  resourceId: number,
): Promise<{ credential: string; headers: { authorization: string } }> {
  const code = await app.post<{ data: { code: string } }>(
    '/api/sys/tablets/pairing',
    { resourceId },
    { token: await app.adminToken() },
  );
  if (code.status !== 200) throw new Error(`pairing code: ${JSON.stringify(code.body)}`);
  const paired = await app.post<{ data: { credential: string } }>('/api/pad/pair', { code: code.body.data.code });
  if (paired.status !== 200) throw new Error(`pairing: ${JSON.stringify(paired.body)}`);
  const { credential } = paired.body.data;
  return { credential, headers: { authorization: `Device ${credential}` } };
}
