/** Russian text of the sign-in and sign-up screens (public-area.md sections 5 and 8). */
export const authTexts = {
  pageTitle: 'Вход в личный кабинет',
  pageSubtitle: 'Для фондов и школ',
  loginTab: 'Вход',
  registerTab: 'Регистрация',
  username: 'Имя пользователя',
  password: 'Пароль',
  confirmPassword: 'Подтвердите пароль',
  accountType: 'Тип аккаунта',
  foundation: 'Фонд',
  foundationHint: 'Публикую мероприятия и ищу волонтёров',
  school: 'Школа',
  schoolHint: 'Записываю учеников на мероприятия',
  forgotPassword: 'Забыли пароль?',
  loginSubmit: 'Войти',
  loginPending: 'Вход…',
  registerSubmit: 'Зарегистрироваться',
  registerPending: 'Регистрация…',
  loginSuccess: 'Успешный вход',
  welcome: (username: string) => `Добро пожаловать, ${username}!`,
  loginFailure: 'Ошибка входа',
  registerSuccess: 'Регистрация успешна',
  registerSuccessText: 'Ваш аккаунт успешно создан',
  registerFailure: 'Ошибка регистрации',
  genericFailure: 'Не удалось выполнить запрос. Попробуйте ещё раз',
  consent: 'Регистрируясь, вы соглашаетесь с',
  privacyPolicyLink: 'политикой конфиденциальности',
  volunteerNote:
    'Индивидуальная регистрация волонтёров пока в разработке: сейчас участие возможно через школу.',
} as const;

/** The browser tab's name of the administrator's sign-in page. */
export const adminLoginPageTitle = 'Вход для администратора';
