import { journalKindGroups } from '../../../shared/journal';

/**
 * Russian text of the journal's list (issue 53, item 4), shared by the organisation's «Журнал» tab and
 * the administrator's; the kinds' names come from src/shared/journal.ts as they are.
 */
export const journalListTexts = {
  filtersLabel: 'Условия журнала',
  from: 'С даты',
  to: 'По дату',
  kind: 'Какие записи',
  allKinds: 'Все записи',
  kindGroups: journalKindGroups,
  clearFilters: 'Сбросить условия',

  loadFailed: 'Не удалось загрузить журнал',
  loading: 'Загружаем журнал…',
  empty: 'Записей пока нет',
  emptyFiltered: 'По этим условиям записей нет',
  shown: (count: number, total: number) => `Показано ${count} из ${total}`,
  listLabel: 'Записи журнала',
  pagesLabel: 'Страницы журнала',

  exportLabel: 'Скачать журнал',

  who: 'Кто',
  event: 'Мероприятие',
  changes: 'Что изменилось',
  /** An entry the platform wrote on its own, with nobody behind it. */
  platform: 'Платформа',
  nobody: '—',
  /** «irina (владелец)». */
  personWithRole: (name: string, role: string) => `${name} (${role})`,
  /** The administrator's list: «irina (владелец, Гимназия № 1543)». */
  personWithRoleAt: (name: string, role: string, organisation: string) =>
    `${name} (${role}, ${organisation})`,
  /** The other side, shown without a name: «Фонд «Добро», координатор». */
  organisationWithRole: (organisation: string, role: string) => `${organisation}, ${role}`,

  /**
   * Fields of an entry's before and after that the export's words (journalFieldLabels) do not name yet;
   * any other field shows by its own name.
   */
  moreFields: {
    attended: 'Пришли',
    applicationStatus: 'Статус заявки',
    moderationStatus: 'Модерация',
    withdrawn: 'Снята из архива',
    from: 'С',
    to: 'По',
  } as Readonly<Record<string, string>>,
  yes: 'да',
  no: 'нет',
  noValue: '—',
} as const;
