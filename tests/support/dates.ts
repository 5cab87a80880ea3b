/**
 * The year tests schedule in. Schedule forms and the API take this year to this year + 4 (DESIGN.md), so a fixed 2030
 * would be refused from 2031: two years ahead is accepted on either side of a new year and is always in the future.
 */
export const YEAR = new Date().getFullYear() + 2;
