import { describe, expect, it } from 'vitest';
import { eventInputSchema } from '../../../shared/event-form';
import type { EventDetail } from '../../../shared/events';
import { ApiError } from '../../api/client';
import { isEventMissing } from './api/update-event';
import { eventFacts } from './dashboard-event-page';
import { createValuesOf, editValuesOf, maximumAfterToggle } from './event-form-page';
import { adjustedMaximum } from './event-form-values';

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
  address: 'Парк Горького',
  hours: 3,
  totalSlots: 20,
  remainingSlots: 12,
  availability: 'available',
  participantsCount: 8,
  ageRestriction: '14+',
  image: '/api/images/42',
  isPastEvent: false,
  dayHasCome: false,
  foundationId: 1,
  foundation: { id: 1, name: 'Фонд' },
  requirements: 'Удобная одежда',
  skills: null,
  additionalInfo: null,
  minParticipants: 5,
  contactPersonName: 'Ольга',
  contactPersonPhone: '+7 495 123-45-67',
  contactPersonEmail: 'olga@example.org',
  contactPersonTelegram: '@olga',
  contactPersonVk: null,
} satisfies EventDetail;

describe('create form values', () => {
  it('start from the defaults and the profile contacts', () => {
    const values = createValuesOf({ contactPerson: 'Ольга', phone: '+7 495 000-00-00', email: null });
    expect(values).toMatchObject({
      minParticipants: 5,
      totalSlots: 15,
      hours: 3,
      startTime: '10:00',
      endTime: '13:00',
      ageRestriction: '12+',
      contactPersonName: 'Ольга',
      contactPersonPhone: '+7 495 000-00-00',
      contactPersonEmail: '',
      imageId: null,
    });
  });
});

describe('edit form values', () => {
  it('fill the form from the loaded event and give the same event back through the schema', () => {
    const values = editValuesOf(event);
    expect(values).toMatchObject({ totalSlots: 20, ageRestriction: '14+', imageId: 42, skills: '' });
    expect(eventInputSchema.parse(values)).toEqual({
      title: event.title,
      description: event.description,
      date: event.date,
      startTime: event.startTime,
      endTime: event.endTime,
      location: event.location,
      address: null,
      activityType: event.activityType,
      minParticipants: 5,
      totalSlots: 20,
      hours: 3,
      ageRestriction: 14,
      contactPersonName: 'Ольга',
      contactPersonPhone: '+7 495 123-45-67',
      contactPersonEmail: 'olga@example.org',
      // An event saved before the link rules held '@olga'; saving it again stores the link.
      contactPersonTelegram: 'https://t.me/olga',
      contactPersonVk: null,
      requirements: 'Удобная одежда',
      skills: null,
      additionalInfo: null,
      imageId: 42,
    });
  });

  it('turn unlimited places, no age limit and no image into the toggle and empty fields', () => {
    const values = editValuesOf({
      ...event,
      totalSlots: null,
      remainingSlots: null,
      ageRestriction: null,
      image: null,
    });
    expect(values).toMatchObject({ totalSlots: 'unlimited', ageRestriction: '', imageId: null });
    expect(eventInputSchema.parse(values)).toMatchObject({
      totalSlots: null,
      ageRestriction: null,
      imageId: null,
    });
  });

  it('drop an address that only copies the location, so a new location is not shadowed by the old one', () => {
    expect(editValuesOf(event).address).toBe('');
    expect(editValuesOf({ ...event, address: 'Вход с Крымского Вала' }).address).toBe(
      'Вход с Крымского Вала',
    );
  });
});

describe('participants', () => {
  it('move a numeric maximum to minimum + 5 when the minimum passes it', () => {
    expect(adjustedMaximum(20, 15)).toBe(25);
    expect(adjustedMaximum(20, '15')).toBe(25);
    expect(adjustedMaximum(15, 15)).toBe(15);
    expect(adjustedMaximum(3, 15)).toBe(15);
  });

  it('leave an unlimited maximum alone', () => {
    expect(adjustedMaximum(200, 'unlimited')).toBe('unlimited');
    expect(adjustedMaximum(200, null)).toBeNull();
  });

  it('switch the unlimited toggle between unlimited and 15, past a larger minimum', () => {
    expect(maximumAfterToggle(true, 5)).toBe('unlimited');
    expect(maximumAfterToggle(false, 5)).toBe(15);
    expect(maximumAfterToggle(false, '')).toBe(15);
    expect(maximumAfterToggle(false, '40')).toBe(45);
  });

  it('reject a minimum above the maximum with the message on the minimum', () => {
    const result = eventInputSchema.safeParse({
      ...editValuesOf(event),
      minParticipants: 30,
      totalSlots: 20,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['minParticipants'],
        message: 'Минимум участников не может быть больше максимума',
      }),
    );
  });
});

describe('an update that found no event', () => {
  it('is a 404 or a message saying the event is not found', () => {
    expect(isEventMissing(new ApiError(404, '{"message":"Мероприятие не найдено"}', 'Not Found'))).toBe(true);
    expect(isEventMissing(new ApiError(400, '{"message":"Мероприятие не найдено"}', 'Bad Request'))).toBe(
      true,
    );
    expect(
      isEventMissing(new ApiError(409, '{"message":"Завершённое мероприятие нельзя изменить"}', '')),
    ).toBe(false);
    expect(isEventMissing(new ApiError(404, '', 'Not Found'))).toBe(true);
    expect(isEventMissing(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('dashboard event facts', () => {
  it('show the date in Russian, the places left and the status in Russian', () => {
    expect(Object.fromEntries(eventFacts(event))).toMatchObject({
      Дата: '5 декабря 2026 г.',
      Время: '10:00–13:00',
      Места: '12 свободно из 20',
      Возраст: '14+',
      Статус: 'Запланировано',
    });
  });

  it('say "Без ограничений" for unlimited places and no age limit', () => {
    const facts = Object.fromEntries(
      eventFacts({
        ...event,
        totalSlots: null,
        remainingSlots: null,
        ageRestriction: null,
        status: 'canceled',
      }),
    );
    expect(facts).toMatchObject({ Места: 'Без ограничений', Возраст: 'Без ограничений', Статус: 'Отменено' });
  });
});
