/** A stored time as the API and the pages receive it: ISO 8601 in UTC; a missing one stays null. */
export function iso(at: Date): string;
export function iso(at: Date | null): string | null;
export function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}
