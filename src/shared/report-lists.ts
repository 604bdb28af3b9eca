// Apart from the report schemas in ./reports, so the dashboard's list does not download the schema
// library for a number (issue 27, the 150 KB budget of a page's script).

/** A page of a foundation's reports unless the caller asks for another size. */
export const reportsPageSize = 20;
