import { describe, expect, it } from 'vitest';
import { authErrors } from '../../shared/errors';
import { HttpError } from '../http/errors';
import { testHasher } from '../test/test-app';
import { HashingQueue } from './hashing-queue';

/** A job that runs until the test lets it finish, and says when it started. */
function controlledJob(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets the queue start what it starts once a job has finished (promise callbacks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HashingQueue', () => {
  it('runs at most `concurrency` jobs at once', async () => {
    const queue = new HashingQueue({ concurrency: 2, maxWaiting: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => controlledJob(started, name));
    const results = jobs.map((job, index) => queue.run(`10.0.0.${index}`, job.run));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(2);

    jobs[0]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.running).toBe(2);

    for (const job of jobs) job.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.running).toBe(0);
  });

  it('takes addresses in turn, and a real user goes before guessers who asked more', async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaiting: 20 });
    const started: string[] = [];
    const blocker = controlledJob(started, 'first');
    const first = queue.run('attacker-1', blocker.run);
    const queued = [
      ['attacker-1', 'a1'],
      ['attacker-1', 'a2'],
      ['attacker-1', 'a3'],
      ['attacker-2', 'b1'],
      ['attacker-2', 'b2'],
      ['real-user', 'user'],
    ].map(([client, name]) => {
      const job = controlledJob(started, name ?? '');
      job.finish();
      return queue.run(client ?? '', job.run);
    });
    blocker.finish();
    await Promise.all([first, ...queued]);
    // The real user asked last, but once: it waited for the job running only. Then the attackers take
    // turns, the one that asked for fewer first.
    expect(started).toEqual(['first', 'user', 'b1', 'b2', 'a1', 'a2', 'a3']);
  });

  it('refuses past its cap in Russian: 429 to the address holding the most, 503 when all hold one', async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaiting: 3 });
    const running = controlledJob([], 'running');
    const never = async () => 'never';
    const jobs = [
      queue.run('one', running.run),
      queue.run('one', never),
      queue.run('one', never),
      queue.run('two', never),
    ];
    await settle();
    expect(queue.waiting).toBe(3);

    // Full: a newcomer from a third address pushes out the newest job of the address holding the most.
    const pushedOut = jobs[2]?.catch((error: unknown) => error);
    const third = queue.run('three', never);
    const refused = await pushedOut;
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: authErrors.tooManyHashesFromAddress });
    expect(queue.waiting).toBe(3);

    // That address, asking again while it still holds the most, is refused itself.
    await expect(queue.run('one', never)).rejects.toMatchObject({
      statusCode: 429,
      message: authErrors.tooManyHashesFromAddress,
    });

    running.finish();
    expect(await Promise.all([jobs[0], jobs[1], jobs[3], third])).toEqual([
      'running',
      'never',
      'never',
      'never',
    ]);
    expect(queue.waiting).toBe(0);
  });

  it('answers 503 in Russian when the queue is full and every address holds one job', async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaiting: 2 });
    const running = controlledJob([], 'running');
    const never = async () => 'never';
    const admitted = [queue.run('a', running.run), queue.run('b', never), queue.run('c', never)];
    await expect(queue.run('d', never)).rejects.toMatchObject({
      statusCode: 503,
      message: authErrors.hashingBusy,
    });
    running.finish();
    expect(await Promise.all(admitted)).toEqual(['running', 'never', 'never']);
  });

  it('sends every operation of the hasher it wraps through the queue', async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaiting: 0 });
    const started: string[] = [];
    const running = controlledJob(started, 'running');
    const busy = queue.run('someone', running.run);
    const hasher = queue.hasherFor(testHasher, 'another');
    for (const operation of [
      () => hasher.hash('secret123'),
      () => hasher.verify('secret123', 'scrypt$1024$8$1$AAAA$AAAA'),
      () => hasher.verifyAgainstDummy('secret123'),
    ]) {
      await expect(operation()).rejects.toMatchObject({ statusCode: 503 });
    }
    running.finish();
    await busy;
    const stored = await hasher.hash('secret123');
    expect(await hasher.verify('secret123', stored)).toBe(true);
  });
});
