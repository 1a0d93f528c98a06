/** One line per step, with the time it took: `✔ label (1.2 s)`, or `✘ label (…)` and the error. */
export async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    const result = await work();
    console.log(`  ✔ ${label} (${seconds()})`);
    return result;
  } catch (error) {
    console.log(`  ✘ ${label} (${seconds()})`);
    throw error;
  }
}
