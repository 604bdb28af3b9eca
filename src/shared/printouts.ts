import { pupilForms, schoolForms } from './application-words';
import { countOf } from './plural';

// Without zod: the buttons' texts are read by the dashboard screens, the rest by the server's PDFs.

const applicationForms = { one: 'заявка', few: 'заявки', many: 'заявок' };

/**
 * The printed participant list of an event (the foundation's) and the trip sheet of an application (the
 * school's), issue 25: every text a person reads on the paper, the buttons and the refusals.
 */
export const printoutTexts = {
  participantList: {
    title: 'Список участников',
    button: 'Список участников (PDF)',
    failed: 'Не удалось скачать список участников',
    fileName: (eventDate: string) => `Список участников ${eventDate}.pdf`,
    columns: {
      number: '№',
      school: 'Школа',
      approved: 'Учеников',
      came: 'Пришли',
      contactPerson: 'Контактное лицо',
      phone: 'Телефон',
    },
    empty: 'Одобренных заявок пока нет.',
    totals: (schools: number, pupils: number) =>
      `Итого: ${countOf(schools, schoolForms)}, ${countOf(pupils, pupilForms)}`,
    stillPending: (applications: number) => `Ещё ждут решения: ${countOf(applications, applicationForms)}`,
    waitlisted: (applications: number) => `В листе ожидания: ${countOf(applications, applicationForms)}`,
    cameHint: 'Графу «Пришли» заполняет на месте ответственный от фонда.',
    /** Who signs the list, before the blanks for the signature and the name. */
    signer: 'Ответственный от фонда',
    date: 'Дата: ______________',
  },
  tripSheet: {
    title: 'Лист поездки',
    button: 'Лист поездки (PDF)',
    failed: 'Не удалось скачать лист поездки',
    fileName: (eventDate: string) => `Лист поездки ${eventDate}.pdf`,
    event: 'Мероприятие',
    organiser: 'Организатор',
    group: 'Группа',
    school: 'Школа',
    pupils: (count: number) => `Учеников одобрено: ${count}`,
    whatToBring: 'Что взять с собой и требования',
    skills: 'Навыки',
    additionalInfo: 'Дополнительно',
    pupilList: 'Список учеников',
    namesNote:
      'Платформа не хранит имена учеников: список заполняет сопровождающий учитель от руки, и он остаётся в школе.',
    /** The teacher who goes with the pupils signs first, then the school's director. */
    teacher: 'Сопровождающий',
  },
  fields: {
    date: 'Дата',
    time: 'Время',
    location: 'Место',
    address: 'Адрес',
    activityType: 'Направление',
    foundation: 'Фонд',
    contactPerson: 'Контактное лицо',
    phone: 'Телефон',
    email: 'E-mail',
    issued: 'Составлено',
  },
  /** A trip sheet is for a group that goes: an approved application, or one whose event is completed. */
  tripSheetNotApproved: 'Лист поездки доступен только для одобренной заявки',
  tripSheetCancelled: 'Мероприятие отменено: лист поездки не нужен',
  applicationNotFound: 'Заявка не найдена',
  eventNotFound: 'Мероприятие не найдено',
} as const;
