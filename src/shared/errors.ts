/** Texts of errors that are not tied to a single feature. */
export const commonErrors = {
  invalidBody: 'Отправьте данные в формате JSON',
  invalidJson: 'Не удалось прочитать данные запроса: ожидается корректный JSON',
  unsupportedMediaType: 'Данные запроса должны быть в формате JSON',
  bodyTooLarge: 'Слишком большой запрос',
  tooDeepJson: 'Данные запроса вложены слишком глубоко',
  tooManyRequests: 'Слишком много попыток. Попробуйте снова через минуту',
  unauthorized: 'Необходима авторизация',
  /** What the browser adds under `unauthorized` when a session ended while a page was open. */
  signInPrompt: 'Войдите в систему',
  forbidden: 'Недостаточно прав',
  foreignOrigin: 'Запрос отклонён: он отправлен с другого сайта',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера. Попробуйте позже',
  invalidInput: 'Некорректные данные',
  unstorableCharacter: 'Текст содержит недопустимый символ',
  headersTooLarge:
    'Слишком большие заголовки запроса. Удалите cookie этого сайта в настройках браузера и откройте страницу снова',
  requestTimeout: 'Запрос передавался слишком долго. Попробуйте снова',
} as const;

export const authErrors = {
  wrongCredentials: 'Неверное имя пользователя или пароль',
  usernameTaken: 'Пользователь с таким именем уже существует',
  adminOnly: 'Доступ только для администраторов',
  tooManyHashesFromAddress:
    'Слишком много одновременных попыток входа с вашего адреса. Дождитесь ответа и попробуйте снова',
  hashingBusy: 'Сервер сейчас перегружен попытками входа. Попробуйте через минуту',
} as const;
