import { dehydrate, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { adoptServerState, createQueryClient, sessionQueryKey } from './query-client';

const signedIn = { id: 7, username: 'school_1', role: 'school' };

describe('createQueryClient', () => {
  it('forgets the signed-in account when a query is answered 401', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    await client
      .fetchQuery({
        queryKey: ['applications', 'mine'],
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

describe('adoptServerState', () => {
  afterEach(() => vi.useRealTimers());

  const profileKey = ['profile'];
  /** The server's client after drawing a page: the profile read once. */
  async function drawnState() {
    const server = createQueryClient();
    await server.fetchQuery({ queryKey: profileKey, queryFn: () => ({ username: 'fond_1' }), staleTime: 0 });
    return dehydrate(server);
  }
  /** Mounts a screen's read of the profile, always stale as the working pages' are; answers how many times it asked. */
  function mountProfile(client: ReturnType<typeof createQueryClient>, asked: { count: number }) {
    const observer = new QueryObserver(client, {
      queryKey: profileKey,
      queryFn: () => {
        asked.count++;
        return { username: 'fond_1' };
      },
      staleTime: 0,
    });
    return observer.subscribe(() => undefined);
  }

  it('does not ask again for what the page was drawn with, as the page mounts', async () => {
    const client = createQueryClient();
    adoptServerState(client, await drawnState());
    const asked = { count: 0 };
    mountProfile(client, asked)();
    mountProfile(client, asked)();
    await Promise.resolve();
    expect(asked.count).toBe(0);
    expect(client.getQueryData(profileKey)).toEqual({ username: 'fond_1' });
  });

  it('asks again once the data is ten seconds old, or once a write has invalidated it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    const asked = { count: 0 };
    const client = createQueryClient();
    adoptServerState(client, await drawnState());
    vi.setSystemTime(new Date('2026-11-27T10:00:11Z'));
    mountProfile(client, asked)();
    await vi.waitFor(() => expect(asked.count).toBe(1));

    const again = createQueryClient();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    adoptServerState(again, await drawnState());
    await again.invalidateQueries({ queryKey: profileKey, refetchType: 'none' });
    const afterWrite = { count: 0 };
    mountProfile(again, afterWrite)();
    await vi.waitFor(() => expect(afterWrite.count).toBe(1));
  });
});
