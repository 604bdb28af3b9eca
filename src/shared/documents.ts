/** What a person reads about the PDFs the platform makes, whichever document it is. */
export const documentMessages = {
  busy: 'Сервер сейчас готовит много документов. Попробуйте через минуту.',
} as const;
