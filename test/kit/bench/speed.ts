/**
 * How fast this guest runs plain JavaScript: the seconds the README's yardstick takes (its
 * newcomer notes: a loop of 3·10⁸ additions, run by `node -e`). The guests here ran it in
 * 1.3–3.6 s, and every bench figure, ratios to a peer or a floor included, moves with it: each
 * bench prints and records it beside its figures, so that runs are compared with runs of a guest
 * of the same speed. It runs before the bench starts anything else.
 */
import { spawnSync } from 'node:child_process';

/**
 * The README's command, as it is: the same loop inside a function runs ~10× faster (V8 optimises
 * it whole), so it would not compare with the figures the notes and the history quote.
 */
const YARDSTICK =
  'let t=Date.now(),s=0;for(let i=0;i<3e8;i++)s+=i;console.log((Date.now()-t)/1000)';

/** Seconds the yardstick took on this guest now. */
export function loopSeconds(): number {
  const { stdout, status } = spawnSync(process.execPath, ['-e', YARDSTICK], { encoding: 'utf8' });
  const seconds = Number(stdout.trim());
  if (status !== 0 || !Number.isFinite(seconds)) {
    throw new Error(`the speed yardstick failed (exit ${status}): ${stdout}`);
  }
  return seconds;
}

/** The yardstick as the benches print it. */
export const speedLine = (seconds: number) =>
  `guest speed: 3·10⁸ additions in ${seconds} s (\`node -e\`; the guests here took 1.3–3.6 s)`;
