import { pupilForms } from './application-words';
import { countOf, pluralForm } from './plural';

// Without zod, so that the public verify page may use them (certificates.ts holds the schemas).

export const eventForms = { one: 'мероприятие', few: 'мероприятия', many: 'мероприятий' };
export const hourForms = { one: 'час', few: 'часа', many: 'часов' };

export const certificateMessages = {
  title: 'Справка о волонтёрской деятельности',
  emptyPeriod: 'За выбранный период нет завершённых мероприятий',
  notApprovedSchool: 'Справку можно получить после одобрения школы модератором',
  /** «Записи изменились после выдачи справки: …», followed by what changed. */
  changed: 'Записи изменились после выдачи справки',
  matches: 'Справка соответствует записям платформы',
  schoolRenamed: (now: string) => `школа теперь называется «${now}»`,
  eventsNow: (printed: number, now: number) => `мероприятий теперь ${now}, в справке ${printed}`,
  hoursNow: (printed: number, now: number) => `часов теперь ${now}, в справке ${printed}`,
  pupilsNow: (printed: number, now: number) => `пришедших учеников теперь ${now}, в справке ${printed}`,
  eventsEdited: 'изменились сведения о мероприятиях',
} as const;

/** The words of the certificate's paper, beyond its title. */
export const certificatePaperTexts = {
  school: 'Образовательная организация',
  period: 'Период',
  statement:
    'Учащиеся школы участвовали в волонтёрских мероприятиях фондов; засчитаны часы пришедших учеников.',
  columns: {
    number: '№',
    date: 'Дата',
    title: 'Мероприятие',
    foundation: 'Фонд',
    activityType: 'Вид деятельности',
    pupils: 'Пришли учеников',
    hours: 'Часов',
  },
  totals: 'Итого',
  issued: (day: string) => `Выдана ${day}`,
  code: (code: string) => `Код проверки: ${code}`,
  check: (url: string) => `Проверить: ${url}`,
  checkHint: 'По QR-коду или адресу видно, совпадают ли сведения справки с записями платформы сейчас.',
} as const;

/**
 * «3 мероприятия, пришли 25 учеников, 75 часов»: pupils are counted per event, so one pupil who came
 * twice counts twice, as the table's column does.
 */
export function certificateTotalsText(totals: { events: number; pupils: number; hours: number }): string {
  const came = pluralForm(totals.pupils, { one: 'пришёл', few: 'пришли', many: 'пришли' });
  return [
    countOf(totals.events, eventForms),
    `${came} ${countOf(totals.pupils, pupilForms)}`,
    countOf(totals.hours, hourForms),
  ].join(', ');
}
