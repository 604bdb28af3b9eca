import { certificateMessages } from '../../../shared/certificate-words';

/** Texts of the public verify page (issue 25). */
export const verifyTexts = {
  title: 'Проверка справки или кода',
  description:
    'Проверьте справку о волонтёрской деятельности или код участия ученика: страница покажет сведения и то, совпадают ли они с записями платформы.',
  intro:
    'Введите код со справки или с листка ученика — 16 латинских букв и цифр, например ABCD-EFGH-JKMN-PQRS.',
  codeLabel: 'Код',
  check: 'Проверить',
  loadFailed: 'Не удалось проверить код',
  notFound: 'Код не найден',
  checkAnother: 'Проверить другой код',
  certificate: {
    heading: certificateMessages.title,
    matches: `${certificateMessages.matches}.`,
    changed: (changes: readonly string[]) =>
      changes.length > 0
        ? `${certificateMessages.changed}: ${changes.join('; ')}.`
        : `${certificateMessages.changed}.`,
    printedNote: 'Ниже — сведения так, как они напечатаны в справке.',
    school: 'Школа',
    period: 'Период',
    issued: 'Выдана',
    code: 'Код справки',
    events: 'Мероприятия',
    totals: 'Итого',
    date: 'Дата',
    event: 'Мероприятие',
    foundation: 'Фонд',
    activity: 'Вид деятельности',
    pupils: 'Пришли учеников',
    hours: 'Часов',
  },
  participation: {
    heading: 'Код участия ученика',
    claimed: (day: string) => `Код подтверждён. Использован ${day}`,
    active: 'Код подтверждён. Он ещё не использован: ученик может получить по нему свою справку.',
    revoked: (day: string) => (day ? `Код отозван школой ${day}` : 'Код отозван школой'),
    /** The foundation corrected who came after completion, and this pupil was not among them (issue 51). */
    revokedByAttendance: (day: string) =>
      day ? `Отозван ${day}: фонд исправил посещаемость` : 'Отозван: фонд исправил посещаемость',
    withdrawn: 'Школа удалила это мероприятие из своего архива после выдачи кода.',
    event: 'Мероприятие',
    date: 'Дата',
    activity: 'Вид деятельности',
    hours: 'Часов у ученика',
    foundation: 'Фонд',
    school: 'Школа',
    code: 'Код',
  },
  noValue: '—',
} as const;
