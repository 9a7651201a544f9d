/** A drive time as [home.location] writes it: "5 min to downtown". */
export function formatDistance(distance: { minutes: number; to: string }): string {
  return `${distance.minutes} min to ${distance.to}`;
}
