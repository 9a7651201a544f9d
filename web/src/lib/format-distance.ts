/** A drive time as the spec writes it: "5 min to downtown" (SPEC §2 "Location"). */
export function formatDistance(distance: { minutes: number; to: string }): string {
  return `${distance.minutes} min to ${distance.to}`;
}
