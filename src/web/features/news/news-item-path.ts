/** The address of an item's own page, the one to share. */
export const newsItemPath = (id: number) => `/news/${id}`;
