import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** The machine's busy and total CPU ticks so far (/proc/stat's first line), or nothing off Linux. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * A reporter for the run's shape (docs/testing.md, "The run's shape"): with CAMPUS_TEST_TIMELINE=<file> set,
 * test/vitest.config.ts adds it, and it writes each suite's start and end (s from the run's start) and, each second,
 * how busy the machine's CPUs were (% of one core) and the load average, so idle stretches show.
 */
export class TimelineReporter implements Reporter {
  private readonly start = Date.now();
  private readonly spans = new Map<string, [number, number]>();
  private readonly samples: string[] = [];
  private last = cpuTicks();
  private readonly cores = Math.max(1, cpus().length);
  private readonly timer = setInterval(() => this.sample(), 1000);

  private readonly file: string;

  constructor(file: string) {
    this.file = file;
    this.timer.unref();
  }

  private at(): number {
    return (Date.now() - this.start) / 1000;
  }

  private sample(): void {
    const now = cpuTicks();
    if (!now || !this.last) return;
    const busy = (100 * this.cores * (now.busy - this.last.busy)) / Math.max(1, now.total - this.last.total);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    this.samples.push(`cpu ${this.at().toFixed(0)} ${busy.toFixed(0)} ${load}`);
    this.last = now;
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.moduleId, [this.at(), Number.NaN]);
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.moduleId);
    if (span) span[1] = this.at();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
    const root = path.resolve(import.meta.dirname, '..');
    const files = [...this.spans].map(([id, [from, to]]) => {
      return `file ${from.toFixed(1)} ${to.toFixed(1)} ${(to - from).toFixed(1)} ${path.relative(root, id)}`;
    });
    writeFileSync(this.file, `${[...files, ...this.samples, `end ${this.at().toFixed(1)}`].join('\n')}\n`);
  }
}
