import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSiteUrl } from '../../src/core/site/address.ts';
import { buildSite } from '../../src/pipeline/build.ts';
import { checkProjectLinks } from '../../src/pipeline/project-links.ts';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';

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

  it('lets links to a file and a folder inside the project by (Astro copies what they point to)', async () => {
    await symlink(path.join(work, 'public/img/logo.svg'), path.join(work, 'public/logo.svg'));
    await symlink('img', path.join(work, 'public/images'));
    expect(() => checkProjectLinks(work)).not.toThrow();
  });
});
