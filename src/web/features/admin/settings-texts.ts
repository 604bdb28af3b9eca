/** Russian text of the administrator's settings tab (working-areas.md sections 4 and 5). */
export const settingsTexts = {
  title: 'Настройки администратора',
  description: 'Измените имя пользователя, пароль или оба. После сохранения потребуется войти заново.',
  newUsername: 'Новое имя пользователя',
  newUsernameHint: 'Оставьте пустым, чтобы не менять',
  currentPassword: 'Текущий пароль *',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 6 символов; оставьте пустым, чтобы не менять',
  confirmPassword: 'Подтвердите новый пароль',
  save: 'Сохранить',
  saving: 'Сохранение...',
  failure: 'Ошибка',
  failureFallback: 'Не удалось обновить данные администратора',
} as const;
