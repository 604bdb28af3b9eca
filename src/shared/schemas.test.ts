import { describe, expect, it } from 'vitest';
import { eventInputSchema } from './event-form';
import { foundationProfileSchema, schoolProfileSchema } from './profile';

/** A form validates with these schemas and sends the result; the server must accept that result as is. */
describe('shared schemas accept their own output', () => {
  it.each([
    [
      'school profile',
      schoolProfileSchema,
      {
        username: 'school_1',
        fullName: 'Гимназия № 1543',
        schoolType: 'state',
        shortDescription: '',
        description: 'Школа с волонтёрским отрядом из 120 учеников.',
        address: 'Москва, ул. Лесная, д. 3',
        phone: '+7 (495) 433-16-44',
        email: 'School@Example.org',
        website: 'school.example',
        vkLink: '',
        telegramChannel: '',
        logoImageId: null,
      },
    ],
    [
      'foundation profile',
      foundationProfileSchema,
      {
        username: 'fond_1',
        fullName: 'Фонд «Тёплый дом»',
        description: 'Поддерживаем детей-сирот и выпускников детских домов.',
        address: 'Москва, Новослободская ул., д. 14',
        phone: '+7 (495) 987-65-43',
        email: 'dom@example.org',
        directions: ['social'],
        videoPresentation: '',
        galleryImageIds: [1, 2],
      },
    ],
    [
      'event',
      eventInputSchema,
      {
        title: 'Субботник в парке',
        description: 'Убираем листья и готовим клумбы к зиме.',
        date: '2026-12-05',
        startTime: '10:00',
        endTime: '13:00',
        location: 'Парк Горького',
        activityType: 'ecology',
        minParticipants: '5',
        totalSlots: 'unlimited',
        hours: '3',
        ageRestriction: '12+',
        contactPersonName: 'Ольга',
        contactPersonPhone: '+7 495 123-45-67',
        contactPersonEmail: 'olga@example.org',
        requirements: '',
      },
    ],
  ] as const)('%s', (_name, schema, input) => {
    const once = schema.parse(input);
    expect(schema.parse(once)).toEqual(once);
  });
});
