/**
 * How long to wait, as a member reads it: "45 seconds", "4 minutes", "3 hours". Always rounded
 * up, so trying again at the time given succeeds.
 */
export function waitText(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) {
    return plural(whole, 'second');
  }
  const minutes = Math.ceil(whole / 60);
  if (minutes < 120) {
    return plural(minutes, 'minute');
  }
  return plural(Math.ceil(minutes / 60), 'hour');
}
