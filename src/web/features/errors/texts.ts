export const notFoundTexts = {
  // The specification's «404 Page Not Found» in Russian: issue 22 allows no English a person reads.
  title: '404 — страница не найдена',
  text: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка — маршрут не найден в приложении.',
  toHome: 'На главную',
} as const;
