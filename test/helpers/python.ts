import { execFileSync } from 'node:child_process';

/**
 * The Python interpreter `python3` names on this machine, as a path: a version manager's shim (pyenv's is a shell
 * script that runs pyenv) cost about 0.6 CPU-s at each start, most of a short script's time, against 0.1 for the
 * interpreter it starts. Asked once, of `python3` itself, so it runs the same interpreter a person's shell would.
 */
export const PYTHON: string = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).trim();
