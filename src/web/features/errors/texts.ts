export const notFoundTexts = {
  // NOTE: the heading is the specification's own (public-area.md section 1, "any other path").
  title: '404 Page Not Found',
  text: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка — маршрут не найден в приложении.',
  toHome: 'На главную',
} as const;
