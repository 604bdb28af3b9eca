/** Russian text of the page where a pupil claims participation codes (issue 25). */
export const claimPageTexts = {
  title: 'Справка о волонтёрских часах',
  description:
    'Введите код со своего листочка и своё имя: справка с вашими часами сразу сохранится в PDF. Несколько кодов можно объединить в одну справку.',
  codeLabel: (index: number, total: number) => (total > 1 ? `Код ${index + 1}` : 'Код участия'),
  codePlaceholder: 'ABCD-EFGH-JKMN-PQRS',
  removeCode: (index: number) => `Убрать код ${index + 1}`,
  addCode: 'Добавить ещё код',
  nameLabel: 'Имя и фамилия',
  nameHint: 'Так, как они будут написаны в справке.',
  privacy: 'Имя попадает только в справку: мы его нигде не храним и не записываем.',
  submit: 'Получить справку (PDF)',
  submitting: 'Готовим справку…',
  saved: 'Справка сохранена. Проверить её можно по QR-коду на справке.',
  failed: 'Не удалось получить справку. Попробуйте ещё раз',
} as const;
