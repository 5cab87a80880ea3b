import { displayCount } from '@/lib/i18n/intl';
import { i18n } from '@/lib/i18n/i18n';

// The word an item is counted in (ammo: 'round') comes from the catalogue. The catalogue's own unit, rounds, is said
// in each language with its plural; a unit added later reads as the catalogue wrote it.

/** '100 rounds' (or just '100' for an item counted as itself), in the language shown. */
export function countIn(count: number, unit: string | undefined): string {
  if (!unit) return displayCount(count);
  if (unit === 'round') return i18n._('{count, plural, one {# round} other {# rounds}}', { count });
  return `${displayCount(count)} ${unit}`;
}

/** 'per round', in the language shown. */
export function perUnit(unit: string): string {
  return unit === 'round' ? i18n._('per round') : i18n._('per {unit}', { unit });
}
