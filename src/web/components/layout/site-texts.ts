/** Russian text of the header and footer (public-area.md section 2). */
export const siteName = 'Школьное волонтёрство';

export const mainNavigation = [
  { to: '/', label: 'Главная' },
  { to: '/foundations', label: 'Фонды' },
  { to: '/events', label: 'Мероприятия' },
  { to: '/volunteer-requests', label: 'Заявки на волонтёров' },
  { to: '/faq', label: 'FAQ' },
  { to: '/news', label: 'Новости' },
] as const;

export const contacts = {
  email: 'team@shkola-volonter.example',
  community: 'https://t.me/shkola_volonter_demo',
  founders: [
    { name: 'Алиса Миронова', role: 'сооснователь, руководитель проекта' },
    { name: 'Глеб Захаров', role: 'сооснователь, технический директор' },
  ],
} as const;

export const footerTexts = {
  blurb:
    'Платформа, созданная школьниками для школьников: фонды публикуют мероприятия, школы записывают учеников, а волонтёрские часы подтверждает организатор и засчитывает в личный кабинет.',
  community: 'Сообщество в Telegram',
  navigation: 'Навигация',
  users: 'Пользователям',
  personalAccount: 'Личный кабинет',
  forOrganisations: 'Для школ и фондов',
  terms: 'Пользовательское соглашение',
  privacy: 'Политика конфиденциальности',
  contacts: 'Контакты',
  generalContact: 'Общие вопросы',
  copyright: '© 2023 Школьное волонтёрство. Все права защищены.',
} as const;

/** What a page's <head> says when the page says nothing of its own (src/web/components/page-head.tsx). */
export const headTexts = {
  description:
    'Школьное волонтёрство: фонды публикуют мероприятия, школы записывают учеников, часы засчитываются автоматически.',
} as const;
