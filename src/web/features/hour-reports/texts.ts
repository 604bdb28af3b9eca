import { pupilForms, schoolForms } from '../../../shared/application-words';
import { eventForms, goalPercent, hourForms } from '../../../shared/hour-reports';
import { countOf } from '../../../shared/plural';

const hours = (count: number) => countOf(count, hourForms);

/** Russian text of the 'Часы' views of the school and the foundation dashboards (issue 25). */
export const hourReportTexts = {
  heading: 'Волонтёрские часы',
  loadFailed: 'Не удалось загрузить отчёт о часах',
  hours,
  pupils: (count: number) => countOf(count, pupilForms),
  yearTotals: (totals: { hours: number; pupils: number; events: number }) =>
    `За год: ${hours(totals.hours)}, ${countOf(totals.pupils, pupilForms)}, ${countOf(totals.events, eventForms)}`,
  columns: {
    hours: 'Часы',
    pupils: 'Пришли учеников',
    events: 'Мероприятия',
    school: 'Школа',
  },
  school: {
    chartCaption: (label: string) => `Часы по месяцам и видам деятельности, ${label}`,
    empty:
      'В этом учебном году часов пока нет. Они появятся здесь, когда фонд завершит мероприятие, на которое пришли ваши ученики.',
    goalProgress: (goal: number, done: number) =>
      `Цель на год: ${goal.toLocaleString('ru-RU')} ч — выполнено ${done.toLocaleString('ru-RU')} ч (${goalPercent(done, goal)} %)`,
    goalReached: 'Цель достигнута!',
    noGoal: 'Цель на год не задана. Задайте число часов, к которому школа стремится за учебный год.',
    goalProgressLabel: 'Выполнение цели на год',
    goalField: 'Цель на год, часов',
    goalHint: 'Целое число от 1 до 100 000; пустое поле убирает цель',
    saveGoal: 'Сохранить цель',
    savingGoal: 'Сохранение…',
    clearGoal: 'Убрать цель',
    goalFailed: 'Не удалось сохранить цель',
  },
  foundation: {
    chartCaption: (label: string) => `Ученики и часы по месяцам, ${label}`,
    schoolsHeading: 'Школы, с которыми вы работали',
    schoolsTotal: (count: number) => `Всего: ${countOf(count, schoolForms)}`,
    empty:
      'В этом учебном году вы ещё не начисляли часов. Они появятся здесь, когда вы завершите мероприятие и отметите, кто пришёл.',
  },
} as const;
