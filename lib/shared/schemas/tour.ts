/** spec §4 tour status ("not published" spelled as an identifier). */
export const TOUR_STATUSES = ['published', 'not_published', 'error'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
