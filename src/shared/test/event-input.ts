/** An event form every rule accepts, for the shared schemas' tests to spoil one field at a time. */
export const validEventInput = {
  title: 'Субботник в парке',
  description: 'Убираем листья и готовим клумбы к зиме.',
  date: '2026-12-05',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк Горького',
  activityType: 'ecology',
  minParticipants: 5,
  totalSlots: 10,
  hours: 3,
  contactPersonName: 'Ольга',
  contactPersonPhone: '+7 495 123-45-67',
  contactPersonEmail: 'olga@example.org',
};
