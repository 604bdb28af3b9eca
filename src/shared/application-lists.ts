// Apart from the application schemas in ./applications, so the school's applications page does not
// download the schema library for a number (issue 27, the 150 KB budget of a page's script).

/** A page of the school's applications unless the caller asks for another size. */
export const schoolApplicationsPageSize = 20;

/** A page of approved applications, with their contacts: a school's events or a foundation's visitors. */
export const approvedApplicationsPageSize = 20;

/** A page of a school's archive of credited hours. */
export const archivePageSize = 20;
