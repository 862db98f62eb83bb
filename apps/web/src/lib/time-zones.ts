// Time zones for the sign-up dropdown (docs/product.md#register: the browser's by default) and
// for showing dates in the user's zone.

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, plus `extra` (e.g. the browser's own) when missing, sorted. */
export function supportedTimeZones(extra: string[] = []): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const set = new Set([...zones, 'UTC', ...extra.filter(Boolean)]);
  return [...set].sort((a, b) => a.localeCompare(b));
}

/** '+01:00' style offset of the zone at `at`; '+00:00' for UTC. */
export function utcOffset(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') return '+00:00';
    return part.replace('GMT', '');
  } catch {
    return '+00:00';
  }
}

/** Dropdown entries: value is the zone id, label '(UTC+01:00) Europe/Berlin'. */
export function timeZoneOptions(extra: string[] = []): { value: string; label: string }[] {
  const now = new Date();
  return supportedTimeZones(extra).map((zone) => ({
    value: zone,
    label: `(UTC${utcOffset(zone, now)}) ${zone.replaceAll('_', ' ')}`,
  }));
}

/** A date and time in the given zone and language; falls back to the browser's zone. */
export function formatDateTime(
  value: Date | string | number,
  { timeZone, locale }: { timeZone?: string; locale?: string } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** A date only (no time) in the given zone and language. */
export function formatDate(
  value: Date | string | number,
  { timeZone, locale }: { timeZone?: string; locale?: string } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
  }
}
