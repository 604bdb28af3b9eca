/** Russian text of the «Сменить пароль» card, the same on the dashboard and in the administrator's panel. */
export const passwordChangeTexts = {
  title: 'Сменить пароль',
  description: 'Вы останетесь в аккаунте на этом устройстве; на остальных потребуется войти заново.',
  currentPassword: 'Текущий пароль',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 6 символов',
  confirmPassword: 'Повторите новый пароль',
  submit: 'Сменить пароль',
  pending: 'Сохранение…',
  failure: 'Пароль не изменён',
  failureFallback: 'Не удалось сменить пароль. Попробуйте ещё раз',
} as const;
