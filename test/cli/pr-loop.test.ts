import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { copySmallData, ROOT, removeDir, runCli, tempDir } from '../helpers/build.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => removeDir(work));

const SEVERAL = 'test/fixtures/several-errors';

describe('npm run check under GitHub Actions', () => {
  it('prints one annotation per finding at its line and column, and the full list to the job summary', async () => {
    const summary = path.join(work, 'summary.md');
    await writeFile(summary, '');
    const run = await runCli('check.ts', [SEVERAL], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    const file = `${SEVERAL}/infosessions/1139.csv`;
    expect(lines.map((l) => `::${l.split('::')[1]}`)).toEqual([
      `::error file=${file},line=3,col=15,title=date (error)`,
      `::error file=${file},line=4,col=39,title=time-order (error)`,
      `::error file=${file},line=5,col=1,title=duplicate-id (error)`,
      `::warning file=${file},line=5,col=57,title=whitespace (warning)`,
      `::error file=${file},line=7,col=1,title=id (error)`,
      `::error file=${file},line=7,col=39,title=time (error)`,
    ]);
    expect(lines[2]).toContain('::id 2116 is already used at test/fixtures/several-errors/infosessions/1139.csv:2.');
    const md = await readFile(summary, 'utf8');
    expect(md).toContain('### Data check: 5 errors, 1 warning in 1 file checked');
    expect(md).toContain(`| ❌ | \`${file}:7:39\` | time | end_time "7:00PM" is not a 12-hour time`);
  });

  it('prints the same findings as JSON with --format json', async () => {
    const run = await runCli('check.ts', [SEVERAL, '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ files: 1, errors: 5, warnings: 1 });
    expect(report.findings[0]).toEqual({
      severity: 'error',
      file: `${SEVERAL}/infosessions/1139.csv`,
      line: 3,
      column: 15,
      rule: 'date',
      message: expect.stringContaining('"Sept 9, 2013" is not a date like "September 5, 2013"'),
    });
  });
});

describe('npm run check -- --fix', () => {
  const header = 'id,employer,date,start_time,end_time,location,website,audience,programs,description\r\n';
  const cp1252 = (text: string) => Buffer.from(text.replace(/’/g, '\x92').replace(/é/g, '\xe9'), 'latin1');

  it('repairs Windows-1252 bytes, spaces around values and line endings, and says each change', async () => {
    const dir = path.join(work, 'fix-ok/infosessions');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, '1139.csv');
    await writeFile(
      file,
      cp1252(`${header}1,Caf\u00e9 Co ,"September 5, 2013",9:30 AM,1:00 PM,TC 2218,,All,Math,"We’re here"\r\n`),
    );
    const run = await runCli('check.ts', [path.dirname(dir), '--fix']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(
      'id,employer,date,start_time,end_time,location,website,audience,programs,description\n1,Café Co,"September 5, ' +
        '2013",9:30 AM,1:00 PM,TC 2218,,All,Math,"We’re here"\n',
    );
    expect(run.stdout).toContain('1139.csv:2:1: bytes read as Windows-1252 and written as UTF-8 (é ’)');
    expect(run.stdout).toContain('1139.csv:1:1: 2 CRLF line endings written as LF');
    expect(run.stdout).toContain('1139.csv:2:3: spaces removed around "Café Co "');
    expect(run.stdout).toContain('repaired (3 changes)');
  });

  it('leaves a file untouched when errors it cannot repair would remain', async () => {
    const dir = path.join(work, 'fix-refused/infosessions');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, '1139.csv');
    const bytes = cp1252(`${header}1,Caf\u00e9 ,"Sept 5, 2013",9:30 AM,1:00 PM,TC,,All,Math,x\r\n`);
    await writeFile(file, bytes);
    const run = await runCli('check.ts', [path.dirname(dir), '--fix']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/1139\.csv: not changed: 1 error would remain that --fix cannot repair/);
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });
});

describe('npm run diff -- <ref>', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  it('lists added, removed and changed sessions and directory changes against a commit', async () => {
    const repo = path.join(work, 'repo');
    await copySmallData(path.join(repo, 'data')); // cut small: the diff reads both sides whole
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');

    const f1151 = path.join(repo, 'data/infosessions/1151.csv');
    let text = await readFile(f1151, 'utf8');
    text = text.replace(/^2818,.*\n/m, ''); // removed
    text = text.replace(/^2880,([^,]*),/m, '2880,$1 (Registration Required),'); // changed
    text +=
      '9999,New Employer | Inc,"March 2, 2015",5:00 PM,7:00 PM,TC 2218,,Co-op Students,Math,' +
      `"${'Long text. '.repeat(20)}"\n`; // added
    await writeFile(f1151, text);
    const methods = path.join(repo, 'data/methods.csv');
    await writeFile(
      methods,
      (await readFile(methods, 'utf8')).replace(
        '1087,Server time,/server/time.{format},227,server,,no,',
        '1087,Server time,/server/time.{format},227,server,yes,no,',
      ),
    );

    const run = await runCli('diff.ts', ['main'], {}, repo);
    expect(run.code, run.stderr).toBe(0);
    const md = run.stdout;
    expect(md).toContain('## Data changes against `main`');
    expect(md).toContain(
      '- **infosessions**: 1 added, 1 removed, 1 changed\n- **method directory**: 0 added, 0 removed, 1 changed',
    );
    expect(md).toContain(
      [
        '### infosessions: added (1)',
        '',
        '| id | employer | date | start_time | location | file |',
        '|---|---|---|---|---|---|',
        '| 9999 | New Employer \\| Inc | March 2, 2015 | 5:00 PM | TC 2218 | data/infosessions/1151.csv |',
      ].join('\n'),
    );
    expect(md).toMatch(/### infosessions: removed \(1\)\n[\s\S]*\| 2818 \|/);
    expect(md).toMatch(/\| 2880 \| employer \| [^|]+ \| [^|]+ \(Registration Required\) \|/);
    expect(md).toContain('| 1087 | enabled | *(empty)* | yes |');

    const json = JSON.parse((await runCli('diff.ts', ['main', '--format', 'json'], {}, repo)).stdout);
    expect(json.datasets[0].added[0].values.description).toBe('Long text. '.repeat(20));
    expect(json.datasets[0].changed[0]).toMatchObject({ key: '2880', fields: [{ field: 'employer' }] });
  });

  it('explains how to fetch a ref that a shallow clone lacks', async () => {
    const run = await runCli('diff.ts', ['no-such-branch'], {}, path.join(work, 'repo'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('git fetch --depth=1 origin no-such-branch');
  });
});

describe('npm run diff -- OLD_DIR NEW_DIR', () => {
  it('compares two data folders outside any git repository (two downloads, two releases)', async () => {
    const [before, after] = [path.join(work, 'two/old'), path.join(work, 'two/new')];
    await copySmallData(before);
    await copySmallData(after);
    const f1151 = path.join(after, 'infosessions/1151.csv');
    await writeFile(f1151, (await readFile(f1151, 'utf8')).replace(/^2818,.*\n/m, ''));
    const run = await runCli('diff.ts', [before, after], {}, path.join(work, 'two'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('## Data changes from `old` to `new`');
    expect(run.stdout).toContain('- **infosessions**: 0 added, 1 removed, 0 changed');
    expect(run.stdout).toMatch(/### infosessions: removed \(1\)\n[\s\S]*\| 2818 \|/);
  });

  it('says in one line that a folder given is not one, and that a ref needs a repository', async () => {
    const missing = await runCli('diff.ts', [path.join(work, 'two/old'), path.join(work, 'nowhere')], {}, work);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `diff: ${path.join(work, 'nowhere')} is not a folder of data files (CSV, JSON).`,
    );
    const outside = await runCli('diff.ts', ['main'], { DATA_DIR: path.join(work, 'two/old') }, work);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('is not inside a git repository');
    expect(outside.stderr).not.toContain('unexpected error');
  });

  it('says in one line, exit 2, that a folder alone needs the newer one after it (not a ref to fetch)', async () => {
    const old = path.join(work, 'two/old');
    for (const cwd of [work, path.join(work, 'repo')]) {
      const alone = await runCli('diff.ts', [old], {}, cwd);
      expect(alone.code).toBe(2);
      expect(alone.stderr.trim().split('\n')).toHaveLength(1);
      expect(alone.stderr).toContain(`${old} is a folder: give the newer data folder after it (OLD_DIR NEW_DIR)`);
      expect(alone.stderr).not.toContain('git fetch');
    }
  });
});

describe('workflows', () => {
  it('parse as YAML, pin each action to a commit, grant least privilege, and run only scripts that exist', async () => {
    const scripts = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    const dir = path.join(ROOT, '.github/workflows');
    const names = await readdir(dir);
    expect(names.sort()).toEqual(['deploy.yml', 'pull-request.yml']);
    for (const name of names) {
      const doc = parseYaml(await readFile(path.join(dir, name), 'utf8'));
      expect(doc.permissions, name).toEqual({ contents: 'read' });
      for (const job of Object.values(doc.jobs) as { steps: { uses?: string; run?: string }[] }[]) {
        for (const step of job.steps) {
          if (step.uses) expect(step.uses, name).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/);
          for (const m of (step.run ?? '').matchAll(/npm (?:run (?:--silent )?)?([\w:-]+)/g)) {
            const cmd = m[1]!;
            if (['ci', 'install'].includes(cmd)) continue;
            expect(scripts, `${name}: npm ${cmd}`).toHaveProperty(cmd);
          }
        }
      }
    }
    const deploy = parseYaml(await readFile(path.join(dir, 'deploy.yml'), 'utf8'));
    expect(deploy.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
    expect(deploy.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  });
});
