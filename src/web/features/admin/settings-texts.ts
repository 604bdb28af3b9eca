/** Russian text of the administrator's settings tab (working-areas.md sections 4 and 5). */
export const settingsTexts = {
  title: 'Имя администратора',
  description:
    'Смените имя пользователя, подтвердив текущим паролем. После сохранения потребуется войти заново.',
  newUsername: 'Новое имя пользователя *',
  currentPassword: 'Текущий пароль *',
  save: 'Сохранить',
  saving: 'Сохранение...',
  failure: 'Ошибка',
  failureFallback: 'Не удалось обновить данные администратора',
} as const;
