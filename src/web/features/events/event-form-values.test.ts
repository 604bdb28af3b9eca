import { describe, expect, it } from 'vitest';
import { eventInputSchema } from '../../../shared/event-form';
import type { EventDetail } from '../../../shared/events';
import { adjustedMaximum, eventToValues, newEventValues } from './event-form-values';

describe('event form values', () => {
  it('starts from the defaults of the specification', () => {
    expect(newEventValues({ name: 'Ольга' })).toMatchObject({
      minParticipants: 5,
      totalSlots: 15,
      hours: 3,
      startTime: '10:00',
      endTime: '13:00',
      ageRestriction: '12+',
      contactPersonName: 'Ольга',
    });
  });

  it('moves the maximum to minimum + 5 only when the minimum passes a numeric maximum', () => {
    expect(adjustedMaximum(20, 15)).toBe(25);
    expect(adjustedMaximum(10, 15)).toBe(15);
    expect(adjustedMaximum(20, 'unlimited')).toBe('unlimited');
  });

  it('turns a loaded event back into values the schema accepts unchanged', () => {
    const event = {
      id: 7,
      title: 'Субботник в парке',
      description: 'Убираем листья и готовим клумбы к зиме.',
      activityType: 'ecology',
      status: 'upcoming',
      date: '2026-12-05',
      startTime: '10:00',
      endTime: '13:00',
      location: 'Парк Горького',
      address: null,
      hours: 3,
      totalSlots: null,
      remainingSlots: null,
      availability: 'available',
      participantsCount: 0,
      ageRestriction: '14+',
      image: '/api/images/42',
      isPastEvent: false,
      dayHasCome: false,
      foundationId: 1,
      foundation: { id: 1, name: 'Фонд' },
      requirements: null,
      skills: null,
      additionalInfo: null,
      minParticipants: 5,
      contactPersonName: 'Ольга',
      contactPersonPhone: '+7 495 123-45-67',
      contactPersonEmail: 'olga@example.org',
      contactPersonTelegram: null,
      contactPersonVk: null,
    } satisfies EventDetail;
    const values = eventToValues(event);
    expect(values).toMatchObject({ totalSlots: 'unlimited', imageId: 42, ageRestriction: '14+' });
    expect(eventInputSchema.parse(values)).toMatchObject({
      totalSlots: null,
      ageRestriction: 14,
      imageId: 42,
    });
  });
});
