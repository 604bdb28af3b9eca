import type { EventDetail, EventSummary } from '../../../shared/events';

/**
 * Events as GET /api/events and GET /api/events/{id} answer them, for the event components' tests.
 * Typed by the answers' own types, so a change of the answer breaks the tests that build them.
 */
export function eventSummary(id: number, values: Partial<EventSummary> = {}): EventSummary {
  return {
    id,
    title: `Мероприятие № ${id}`,
    description: 'Помогаем вместе',
    activityType: 'ecology',
    status: 'upcoming',
    date: '2027-05-15',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Москва, парк Горького',
    address: null,
    hours: 3,
    totalSlots: 20,
    remainingSlots: 12,
    availability: 'available',
    participantsCount: 8,
    ageRestriction: null,
    image: null,
    isPastEvent: false,
    dayHasCome: false,
    foundationId: 3,
    foundation: { id: 3, name: 'Фонд «Зелёный город»' },
    ...values,
  };
}

export function eventDetail(id: number, values: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventSummary(id),
    requirements: null,
    skills: null,
    additionalInfo: null,
    minParticipants: 1,
    contactPersonName: 'Ольга Смирнова',
    contactPersonPhone: '+7 (495) 123-45-67',
    contactPersonEmail: null,
    contactPersonTelegram: null,
    contactPersonVk: null,
    ...values,
  };
}

/** An answer of the API: JSON with the given status and headers. */
export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
