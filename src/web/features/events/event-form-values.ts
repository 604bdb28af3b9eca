import type { z } from 'zod';
import { eventFormDefaults, type eventInputSchema } from '../../../shared/event-form';
import type { EventDetail } from '../../../shared/events';

/** What the event form holds: the schema's input, before its transforms. */
export type EventFormValues = z.input<typeof eventInputSchema>;

/** Fresh form: the defaults of working-areas.md section 9, contacts from the foundation's profile. */
export function newEventValues(contacts: {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    startTime: eventFormDefaults.startTime,
    endTime: eventFormDefaults.endTime,
    location: '',
    address: '',
    activityType: '' as EventFormValues['activityType'],
    minParticipants: eventFormDefaults.minParticipants,
    totalSlots: eventFormDefaults.maxParticipants,
    hours: eventFormDefaults.hours,
    ageRestriction: eventFormDefaults.ageRestriction,
    contactPersonName: contacts.name ?? '',
    contactPersonPhone: contacts.phone ?? '',
    contactPersonEmail: contacts.email ?? '',
    contactPersonTelegram: '',
    contactPersonVk: '',
    requirements: '',
    skills: '',
    additionalInfo: '',
    imageId: null,
  };
}

const imageIdOf = (url: string | null) => {
  const match = url ? /^\/api\/images\/(\d+)$/.exec(url) : null;
  return match ? Number(match[1]) : null;
};

/** An event as the API returns it, put back into the form for editing. */
export function eventToValues(event: EventDetail): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    location: event.location,
    address: event.address ?? '',
    activityType: event.activityType,
    minParticipants: event.minParticipants,
    totalSlots: event.totalSlots === null ? 'unlimited' : event.totalSlots,
    hours: event.hours,
    ageRestriction: event.ageRestriction ?? '',
    contactPersonName: event.contactPersonName ?? '',
    contactPersonPhone: event.contactPersonPhone ?? '',
    contactPersonEmail: event.contactPersonEmail ?? '',
    contactPersonTelegram: event.contactPersonTelegram ?? '',
    contactPersonVk: event.contactPersonVk ?? '',
    requirements: event.requirements ?? '',
    skills: event.skills ?? '',
    additionalInfo: event.additionalInfo ?? '',
    imageId: imageIdOf(event.image),
  };
}

/** Raising the minimum above a numeric maximum moves the maximum to minimum + 5 (section 4). */
export function adjustedMaximum(
  minimum: number,
  maximum: EventFormValues['totalSlots'],
): EventFormValues['totalSlots'] {
  if (maximum === 'unlimited' || maximum === null || maximum === undefined) return maximum;
  const numericMaximum = Number(maximum);
  return Number.isFinite(minimum) && Number.isFinite(numericMaximum) && minimum > numericMaximum
    ? minimum + 5
    : maximum;
}
