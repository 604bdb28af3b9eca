/**
 * What the server-rendered page and the browser agree on: where the server puts the data it rendered
 * the page with, so the browser starts from the same data and adopts the markup instead of redrawing it.
 */
export const renderedStateElementId = 'rendered-state';

/**
 * The page's <meta> that names the app's time zone (APP_TIMEZONE), in which the server drew every date and
 * time on the page: the browser draws in it too (src/web/lib/app-time-zone.ts).
 */
export const appTimeZoneMetaName = 'app-time-zone';
