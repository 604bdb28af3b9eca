import { pupilForms, schoolForms } from '../../shared/application-words';
import { formatDateRu } from '../../shared/dates';
import { countOf } from '../../shared/plural';
import { contactOf, type LetterEvent, placeOf } from '../events/letter-columns';
import type { MailMessage } from '../mail/outbox';

/** Every text of a day-before reminder, in-app and by e-mail, to a school and to the foundation. */

const when = (event: LetterEvent) => `${formatDateRu(event.date)}, ${event.startTime}–${event.endTime}`;
const foundationOf = (event: LetterEvent) =>
  event.foundationName ? `фонда «${event.foundationName}»` : 'фонда';

/** Day, time, place and whom to call, as both letters list them. */
function detailsOf(event: LetterEvent, withContact: boolean): NonNullable<MailMessage['details']> {
  const contact = contactOf(event);
  return [
    { label: 'Дата и время', value: when(event) },
    { label: 'Место', value: placeOf(event) },
    ...(withContact && contact ? [{ label: 'Контакт фонда', value: contact }] : []),
  ];
}

export const reminderLetters = {
  /** «Завтра «Субботник» в 10:00: Парк Горького, Москва, Крымский Вал, 9. Контакт: …» */
  schoolNotification(event: LetterEvent, pupils: number) {
    const contact = contactOf(event);
    return `Завтра «${event.title}» в ${event.startTime}: ${placeOf(event)}. Одобрено: ${countOf(pupils, pupilForms)}${contact ? `. Контакт фонда: ${contact}` : ''}`;
  },

  school(event: LetterEvent, pupils: number): MailMessage {
    return {
      subject: `Напоминание: завтра «${event.title}»`,
      paragraphs: [
        `Напоминаем: завтра, ${formatDateRu(event.date)}, ваша школа участвует в мероприятии «${event.title}» ${foundationOf(event)}.`,
        `Одобрено участников: ${countOf(pupils, pupilForms)}. Начало в ${event.startTime}, приходите немного заранее.`,
      ],
      details: [...detailsOf(event, true), { label: 'Участников', value: countOf(pupils, pupilForms) }],
      action: { label: 'Открыть мероприятие', path: `/events/${event.id}` },
    };
  },

  foundationNotification: (event: LetterEvent, schools: number, pupils: number) =>
    schools === 0
      ? `Завтра ваше мероприятие «${event.title}» в ${event.startTime}: одобренных заявок нет`
      : `Завтра ваше мероприятие «${event.title}» в ${event.startTime}: придут ${countOf(schools, schoolForms)}, ${countOf(pupils, pupilForms)}`,

  foundation(event: LetterEvent, schools: number, pupils: number): MailMessage {
    return {
      subject: `Напоминание: завтра «${event.title}»`,
      paragraphs: [
        `Напоминаем: завтра, ${formatDateRu(event.date)}, ваше мероприятие «${event.title}».`,
        schools === 0
          ? 'Одобренных заявок школ пока нет.'
          : `Одобрены заявки: ${countOf(schools, schoolForms)}, ${countOf(pupils, pupilForms)}. Школы получили напоминание с адресом, временем и контактом.`,
      ],
      details: [
        ...detailsOf(event, false),
        { label: 'Школ', value: String(schools) },
        { label: 'Учеников', value: String(pupils) },
      ],
      action: { label: 'Открыть мероприятие', path: `/foundation/event/${event.id}` },
    };
  },
} as const;
