// Apart from the administrator's schemas in ./admin, so the panel's lists do not download the schema
// library for a number (issue 27, the 150 KB budget of a page's script).

/** The default page size of the panel's lists. */
export const adminPageSize = 20;
