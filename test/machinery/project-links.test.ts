import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSiteUrl } from '../../src/core/site/address.ts';
import { checkProjectLinks } from '../../src/load/project-links.ts';
import { buildSite } from '../../src/pipeline/build.ts';
import { copyProject, ROOT, readTree, removeDir, runCli, tempDir } from '../helpers/build.ts';

// A link in public/ or src/ that leaves the project is refused before anything is read: Astro
// copies public/ following links, so `ln -s /etc/passwd public/passwd.txt` published the file.
describe('links in public/ and src/', () => {
  let work: string;
  beforeEach(async () => {
    work = await tempDir();
    await mkdir(path.join(work, 'public/img'), { recursive: true });
    await mkdir(path.join(work, 'src'), { recursive: true });
    await writeFile(path.join(work, 'public/img/logo.svg'), '<svg/>');
  });
  afterEach(() => removeDir(work));

  const build = () =>
    buildSite({
      root: work,
      outDir: path.join(work, 'dist'),
      settings: { dataDir: path.join(ROOT, 'data'), site: parseSiteUrl('http://localhost'), sourceDateEpoch: 1 },
      pages: false,
      say: () => {},
    });

  it.each([
    ['a file outside the project', 'public/passwd.txt', '/etc/passwd'],
    ['a folder outside the project', 'public/etc', '/etc'],
    ['a link in src/ to a folder outside', 'src/outside', '/usr/share'],
    ['a link that points nowhere', 'public/gone.txt', '/nonexistent/file'],
  ])('refuses %s with one line naming the link', async (_, link, target) => {
    await symlink(target, path.join(work, link));
    const error = await build().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).toBe('ConfigError');
    expect(error!.message).toBe(
      `${link} is a link to ${target}, ` +
        `${link.endsWith('gone.txt') ? 'which does not exist' : 'outside the project'}: ` +
        'public/ and src/ may hold links only to files and folders inside the project. ' +
        'Copy what it points to in, or remove the link.',
    );
  });

  /** The one line a build refuses the project with, or undefined when it is not refused. */
  const refusal = () =>
    build().then(
      () => undefined,
      (e: Error) => {
        expect(e.name).toBe('ConfigError');
        expect(e.message).not.toContain('\n');
        return e.message;
      },
    );

  // Found by trying the project as a careless contributor would (issue 37): only links directly below public/ and src/
  // were looked at, and one inside the project was published whatever it reached.
  it('refuses a link in a linked folder that leaves the project (public/benchdir -> ../bench, bench/p)', async () => {
    await mkdir(path.join(work, 'bench'));
    await symlink('/etc/passwd', path.join(work, 'bench/p'));
    await symlink('../bench', path.join(work, 'public/benchdir'));
    expect(await refusal()).toMatch(/^public\/benchdir\/p is a link to \/etc\/passwd, outside the project: /);
  });

  it.each([
    ['a .env file', 'public/env.txt', '../.env', '.env'],
    ['a .env.* file', 'public/keys', '../.env.production', '.env.production'],
    ['the repository', 'public/repo', '../.git', '.git'],
    ["the repository's config", 'src/cfg', '../.git/config', '.git'],
    ['the installed packages', 'public/deps', '../node_modules', 'node_modules'],
  ])('refuses a link to %s, whose secrets it would publish', async (_, link, target, reached) => {
    await writeFile(path.join(work, '.env'), 'API_KEYS=secret\n');
    await writeFile(path.join(work, '.env.production'), 'API_KEYS=secret\n');
    await mkdir(path.join(work, '.git'));
    await writeFile(path.join(work, '.git/config'), '[core]\n');
    await mkdir(path.join(work, 'node_modules/pkg'), { recursive: true });
    await symlink(target, path.join(work, link));
    expect(await refusal()).toMatch(new RegExp(`^${link} is a link to ${target}, which reaches ${reached}: `));
  });

  it.each([
    ['the project (public/root -> ..)', 'public/root', '..', 'which loops back to a folder holding it'],
    ['its own folder (public/self -> .)', 'public/self', '.', 'which loops back to a folder holding it'],
    ['a folder above it, deeper', 'public/img/up', '../..', 'which loops back to a folder holding it'],
    ['itself', 'public/me', 'me', 'a loop of links'],
  ])('refuses a link back to %s at once, where the build hung or ended in ELOOP', async (_, link, target, why) => {
    await symlink(target, path.join(work, link));
    expect(await refusal()).toBe(
      `${link} is a link to ${target}, ${why}: public/ and src/ may link only to files and folders inside the ` +
        'project, not to .git/, .env files, node_modules/ or the output, and never back to a folder holding the ' +
        `link. ${why.startsWith('a loop') ? 'Remove the link.' : 'Link to the files themselves, or remove the link.'}`,
    );
  });

  it('refuses a loop made of two folders linking to each other, and a link to the output', async () => {
    await mkdir(path.join(work, 'lib/a'), { recursive: true });
    await symlink('../../public', path.join(work, 'lib/a/back'));
    await symlink('../lib', path.join(work, 'public/lib'));
    expect(await refusal()).toMatch(/^public\/lib\/a\/back is a link to \.\.\/\.\.\/public, which loops back/);
    await rm(path.join(work, 'public/lib'));
    await mkdir(path.join(work, '.dist-versions'));
    await symlink('../.dist-versions', path.join(work, 'public/old'));
    expect(await refusal()).toMatch(
      /^public\/old is a link to \.\.\/\.dist-versions, which reaches the build output: /,
    );
  });

  it('lets two links reach the same folder, and a link inside a linked folder stay inside the project', async () => {
    await mkdir(path.join(work, 'lib/sub'), { recursive: true });
    await writeFile(path.join(work, 'lib/sub/a.txt'), 'a');
    await symlink('../../public/img/logo.svg', path.join(work, 'lib/sub/logo.svg'));
    await symlink('../lib', path.join(work, 'public/one'));
    await symlink('../lib/sub', path.join(work, 'public/two'));
    expect(() => checkProjectLinks(work, [path.join(work, 'dist')])).not.toThrow();
  });

  it('lets links to a file and a folder inside the project by (Astro copies what they point to)', async () => {
    await symlink(path.join(work, 'public/img/logo.svg'), path.join(work, 'public/logo.svg'));
    await symlink('img', path.join(work, 'public/images'));
    expect(() => checkProjectLinks(work)).not.toThrow();
  });
});

// The same as a user meets it: `npm start` looked at the sources' times following links before it built, and never
// ended on `public/root -> ..`; a real build with its pages publishes what allowed links point to, at any depth.
describe('links, in npm start and a whole build', () => {
  it('npm start refuses public/root -> .. in one line and ends, serving nothing', async () => {
    const work = await tempDir();
    try {
      await mkdir(path.join(work, 'public'));
      await symlink('..', path.join(work, 'public/root'));
      const run = await runCli('start.ts', [], { PORT: '0' }, work);
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('Serving');
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^start: public\/root is a link to \.\., which loops back to a folder holding it: /),
      ]);
    } finally {
      await removeDir(work);
    }
  });

  it('publishes the files a link to a folder inside the project reaches, links in it too', async () => {
    const work = await tempDir();
    try {
      await copyProject(work);
      await mkdir(path.join(work, 'lib/sub'), { recursive: true });
      await writeFile(path.join(work, 'lib/sub/notes.txt'), 'linked notes\n');
      await symlink('../../public/favicon.svg', path.join(work, 'lib/sub/icon.svg'));
      await symlink('../lib', path.join(work, 'public/shared'));
      const dist = path.join(work, 'dist');
      await buildSite({
        root: work,
        outDir: dist,
        settings: { dataDir: path.join(work, 'data'), site: parseSiteUrl('http://localhost'), sourceDateEpoch: 1 },
        say: () => {},
      });
      const published = await readTree(dist, 'shared');
      expect([...published.keys()]).toEqual(['shared/sub/icon.svg', 'shared/sub/notes.txt']);
      expect(published.get('shared/sub/notes.txt')!.toString()).toBe('linked notes\n');
      expect(published.get('shared/sub/icon.svg')).toEqual(await readFile(path.join(ROOT, 'public/favicon.svg')));
    } finally {
      await removeDir(work);
    }
  });
});
