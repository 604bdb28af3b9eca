/**
 * The generated picture a link preview (VK, Telegram) shows for a page whose entity has no picture of
 * its own: the server draws it from the entity's title (src/server/share-cards), the pages name it in
 * their og:image.
 */
export const shareCardKinds = ['events', 'foundations', 'news', 'volunteer-requests'] as const;
export type ShareCardKind = (typeof shareCardKinds)[number];

export const shareCardSize = { width: 1200, height: 630 } as const;

export const shareCardTexts = {
  siteName: 'Школьное волонтёрство',
  kinds: {
    events: 'Мероприятие',
    foundations: 'Фонд',
    news: 'Новость',
    'volunteer-requests': 'Заявка на волонтёров',
  } satisfies Record<ShareCardKind, string>,
  kind: 'Такой карточки нет',
  id: 'Некорректный номер',
  notFound: 'Не найдено',
} as const;

export const shareCardPath = (kind: ShareCardKind, id: number) => `/api/share-cards/${kind}/${id}`;
