import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createQueryClient, sessionQueryKey } from './query-client';

const signedIn = { id: 7, username: 'school_1', role: 'school' };

describe('createQueryClient', () => {
  it('forgets the signed-in account when a query is answered 401', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    await client
      .fetchQuery({
        queryKey: ['registrations', 'mine'],
        queryFn: () => Promise.reject(new ApiError(401, '{"message":"Необходима авторизация"}', '')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('forgets it when a mutation is answered 401, and keeps it on any other failure', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    const fail = (status: number) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(new ApiError(status, '', '')) })
        .execute(undefined)
        .catch(() => undefined);

    await fail(403);
    await fail(409);
    expect(client.getQueryData(sessionQueryKey)).toEqual(signedIn);
    await fail(401);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
  });
});
