import { waitText } from './wait-text';

describe(waitText.name, () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [44.1, '45 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [899.5, '15 minutes'],
    [3600, '60 minutes'],
    [7200, '2 hours'],
    [7201, '3 hours'],
  ])('says %d s as "%s", never less than the wait', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
