import { countOf } from '../../../shared/plural';

const codeForms = { one: 'кода', few: 'кодов', many: 'кодов' };

/** Russian text of the pupils' codes of a completed application (issue 25). */
export const participationCodeTexts = {
  open: (pupils: number) => `Коды учеников (${pupils})`,
  title: 'Коды учеников',
  description:
    'У каждого пришедшего ученика свой код. Распечатайте листок, разрежьте по пунктиру и раздайте: по коду ученик сам получит справку со своим именем на странице /claim.',
  download: 'Скачать листок с кодами (PDF)',
  activeCount: (active: number, all: number) => `Действуют ${active} из ${countOf(all, codeForms)}`,
  loadFailed: 'Не удалось загрузить коды',
  retry: 'Попробовать снова',
  listLabel: 'Коды учеников',
  replace: 'Заменить',
  replaceTitle: (code: string) => `Заменить код ${code}?`,
  replaceDescription:
    'Старый код перестанет действовать, а на проверочной странице будет отмечен как отозванный. Вместо него появится новый код — выдайте его ученику.',
  replaceConfirm: 'Заменить код',
  replaceCancel: 'Отмена',
  replaceFailed: 'Не удалось заменить код',
  replacedBy: (code: string) => `заменён кодом ${code}`,
  replaces: (code: string) => `вместо ${code}`,
  claimedOn: (day: string) => `использован ${day}`,
} as const;
