import { pupilForms } from '../../../shared/application-words';
import { eventForms, hourForms } from '../../../shared/hour-reports';
import { countOf } from '../../../shared/plural';

/** Russian text of the panel's 'Часы' tab: the platform's totals per month (issue 25). */
export const hoursTabTexts = {
  heading: 'Итоги платформы по месяцам',
  loadFailed: 'Не удалось загрузить итоги по месяцам',
  chartCaption: (label: string) => `Пришедшие ученики и начисленные часы по месяцам, ${label}`,
  yearTotals: (totals: { completedEvents: number; pupils: number; hours: number }) =>
    `За год: ${countOf(totals.completedEvents, eventForms)} завершено, пришли ${countOf(totals.pupils, pupilForms)}, начислено ${countOf(totals.hours, hourForms)}`,
  empty: 'В этом учебном году на платформе ещё не завершено ни одного мероприятия и не начислено часов.',
  columns: {
    completedEvents: 'Завершено мероприятий',
    pupils: 'Пришли учеников',
    hours: 'Начислено часов',
  },
} as const;
