import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../db/schema';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { testDatabaseForFile } from '../test/test-app';
import {
  availability,
  isHoldingPlaces,
  isTakingPart,
  limitFitsHeldPlaces,
  participantsCount,
  participantsOf,
  releasePlaces,
  remainingPlaces,
} from './places';

const database = testDatabaseForFile();

describe('the free places of an event', () => {
  it('counts pending and approved applications as holding places, approved and completed as taking part', () => {
    expect(['pending', 'approved', 'rejected', 'completed'].filter(isHoldingPlaces)).toEqual([
      'pending',
      'approved',
    ]);
    expect(['pending', 'approved', 'rejected', 'completed'].filter(isTakingPart)).toEqual([
      'approved',
      'completed',
    ]);
    expect(
      participantsOf([
        { status: 'pending', participantCount: 4 },
        { status: 'approved', participantCount: 3 },
        { status: 'completed', participantCount: 2 },
        { status: 'rejected', participantCount: 7 },
      ]),
    ).toBe(5);
  });

  it('lets a new limit fall to the places held but not below, and never refuses no limit', () => {
    expect(limitFitsHeldPlaces(5, 5)).toBe(true);
    expect(limitFitsHeldPlaces(4, 5)).toBe(false);
    expect(limitFitsHeldPlaces(null, 500)).toBe(true);
  });

  it.each([
    // total, reserved, remaining, availability: limited means at most two or a fifth of the places left
    [null, 0, null, 'available'],
    [20, 0, 20, 'available'],
    [20, 15, 5, 'available'],
    [20, 16, 4, 'limited'],
    [10, 8, 2, 'limited'],
    [10, 7, 3, 'available'],
    [10, 10, 0, 'full'],
  ] as const)(
    '%s places with %s held leave %s and read as %s',
    async (totalSlots, reservedSlots, left, reads) => {
      const foundation = await createFoundation(database.db);
      const event = await createEvent(database.db, foundation.id, {
        date: '2030-01-01',
        totalSlots,
        reservedSlots,
      });
      const [row] = await database.db
        .select({ remainingPlaces, availability })
        .from(events)
        .where(eq(events.id, event.id));
      expect(row).toEqual({ remainingPlaces: left, availability: reads });
    },
  );

  it('counts the participants of approved and completed applications only', async () => {
    const foundation = await createFoundation(database.db);
    const event = await createEvent(database.db, foundation.id, { date: '2030-01-01' });
    const statuses = ['pending', 'approved', 'completed', 'rejected'] as const;
    for (const [index, status] of statuses.entries()) {
      const school = await createSchool(database.db);
      await createApplication(database.db, {
        eventId: event.id,
        schoolId: school.id,
        participantCount: index + 1,
        status,
      });
    }
    const [row] = await database.db.select({ participantsCount }).from(events).where(eq(events.id, event.id));
    expect(row?.participantsCount).toBe(2 + 3);
  });

  it('gives places back without ever going below zero', async () => {
    const foundation = await createFoundation(database.db);
    const event = await createEvent(database.db, foundation.id, { date: '2030-01-01', reservedSlots: 5 });
    const reserved = async () =>
      (await database.db.select({ n: events.reservedSlots }).from(events).where(eq(events.id, event.id)))[0]
        ?.n;
    await releasePlaces(database.db, event.id, 3);
    expect(await reserved()).toBe(2);
    await releasePlaces(database.db, event.id, 3);
    expect(await reserved()).toBe(0);
  });
});
