/**
 * CPU time read from /proc (Linux): a process's own and the whole machine's, so that a benchmark
 * can say where the CPU went during a run and how busy the machine was.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICK_MS =
  1_000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

/**
 * The whole machine's CPU time so far (all cores) in clock ticks, from /proc/stat's first line:
 * user nice system idle iowait irq softirq steal …
 */
export function machineTicks(): number[] {
  return (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
}

/**
 * The whole machine's CPU time so far (all cores), ms: busy in this VM, and stolen by the
 * hypervisor for other guests (time this VM's CPUs wanted to run and could not).
 */
export function machineCpuMs(): { busy: number; steal: number } {
  const ticks = machineTicks();
  const busy = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
  return { busy: busy * CLOCK_TICK_MS, steal: (ticks[7] ?? 0) * CLOCK_TICK_MS };
}

/** User + system CPU time of a process so far, ms; undefined when it cannot be read. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}
