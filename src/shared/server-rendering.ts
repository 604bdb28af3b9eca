/**
 * What the server-rendered page and the browser agree on: where the server puts the data it rendered
 * the page with, so the browser starts from the same data and adopts the markup instead of redrawing it.
 */
export const renderedStateElementId = 'rendered-state';
