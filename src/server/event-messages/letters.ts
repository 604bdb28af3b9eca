import { formatDateRu } from '../../shared/dates';
import { organisationInSentence } from '../../shared/organisation-names';
import { contactOf, type LetterEvent, placeOf } from '../events/letter-columns';
import type { MailMessage } from '../mail/outbox';

const foundationOf = (event: LetterEvent) => organisationInSentence('foundation', event.foundationName);
/** A notification is a line in a list: a long message is cut there and read whole on the event page. */
const noticeLength = 200;
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > noticeLength ? `${line.slice(0, noticeLength - 1).trimEnd()}…` : line;
};

/**
 * Every text a school reads about a foundation's message: the in-app line and the letter. «пишет», not
 * «написал»: a name written as the organisation spelled it («АНО «Доброе дело»») has no known gender.
 */
export const eventMessageLetters = {
  notification: (event: LetterEvent, text: string) =>
    `${foundationOf(event)} пишет о «${event.title}»: ${excerpt(text)}`,

  letter(event: LetterEvent, text: string): MailMessage {
    const contact = contactOf(event);
    return {
      subject: `Сообщение фонда о «${event.title}»`,
      paragraphs: [
        `${foundationOf(event)} пишет школам, подавшим заявку на мероприятие «${event.title}»:`,
        // The foundation's own paragraphs, as it wrote them.
        ...text
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
      ],
      details: [
        { label: 'Мероприятие', value: event.title },
        { label: 'Дата', value: `${formatDateRu(event.date)}, ${event.startTime}–${event.endTime}` },
        { label: 'Место', value: placeOf(event) },
        ...(contact ? [{ label: 'Контакт', value: contact }] : []),
      ],
      action: { label: 'Открыть мероприятие', path: `/events/${event.id}` },
    };
  },
} as const;
