/** Labels of the contact lines every screen shows the same way (issue 22, item 16). */
export const contactTexts = {
  person: 'Контактное лицо',
  phone: 'Телефон',
  email: 'E-mail',
  address: 'Адрес',
  website: 'Сайт',
  telegram: 'Telegram',
  vk: 'ВКонтакте',
  notSpecified: 'не указано',
  opensInNewTab: '(откроется в новой вкладке)',
} as const;
