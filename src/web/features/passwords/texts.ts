/** Russian text of the pages of a forgotten password (issue 26). */
export const passwordPageTexts = {
  forgotTitle: 'Восстановление пароля',
  forgotDescription:
    'Укажите имя пользователя или e-mail из профиля организации: мы пришлём на этот e-mail ссылку, по которой можно задать новый пароль.',
  login: 'Имя пользователя или e-mail',
  send: 'Отправить ссылку',
  sending: 'Отправляем…',
  noEmail:
    'Если в профиле организации не указан e-mail, письмо прийти не сможет: обратитесь к администратору платформы.',
  backToSignIn: 'Вернуться ко входу',

  resetTitle: 'Новый пароль',
  resetDescription: 'Придумайте новый пароль. После сохранения аккаунт выйдет на всех устройствах.',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 6 символов',
  confirmPassword: 'Повторите новый пароль',
  save: 'Сохранить пароль',
  saving: 'Сохранение…',
  checkingLink: 'Проверяем ссылку…',
  incompleteLink: 'Ссылка неполная. Откройте её из письма целиком или запросите новую.',
  requestNew: 'Запросить новую ссылку',

  failure: 'Не получилось',
  failureFallback: 'Не удалось выполнить запрос. Попробуйте ещё раз',
} as const;
