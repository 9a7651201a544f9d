/**
 * True when the page's query is a dated landing link's (`?checkin=…&checkout=…`,
 * [booking.landing-link]): the home page then loads the booking section at once and scrolls to
 * it, where the widget reads the stay with core's `parseLandingStay`. A few bytes on purpose: it
 * is in the home page's first load, the parser is not.
 * @param search `location.search`, with or without its `?`
 */
export function isLandingSearch(search: string): boolean {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  return params.has('checkin') && params.has('checkout');
}
