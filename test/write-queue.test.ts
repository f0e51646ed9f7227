// The writer's thread for a new version folder's files (src/pipeline/write-queue.ts): every file
// written, in its folder, by the time drain returns; a failure thrown there, not lost.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputWriter } from '../src/pipeline/output-files.ts';
import { WriteQueue } from '../src/pipeline/write-queue.ts';
import { removeDir, tempDir } from './helpers/build.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => removeDir(work));

describe('the write queue', () => {
  it('has written every file, folders made, when drain returns: more files and bytes than a batch holds', async () => {
    const dir = path.join(work, 'many');
    const queue = new WriteQueue();
    const big = 'x'.repeat(300_000);
    for (let i = 0; i < 1000; i++) queue.write(path.join(dir, `p${i % 37}`, `${i}.html`), i % 100 === 0 ? big : `page ${i}`);
    queue.write(path.join(dir, 'bytes.bin'), new Uint8Array([1, 2, 3]));
    queue.drain();
    expect(readFileSync(path.join(dir, 'p5', '5.html'), 'utf8')).toBe('page 5');
    expect(readFileSync(path.join(dir, 'p26', '100.html'), 'utf8')).toBe(big);
    expect(readFileSync(path.join(dir, 'p0', '999.html'), 'utf8')).toBe('page 999');
    expect([...readFileSync(path.join(dir, 'bytes.bin'))]).toEqual([1, 2, 3]);
    await queue.close();
    expect(() => queue.write(path.join(dir, 'late'), 'x')).toThrow(/closed/);
  });

  it('throws the first failure at drain, with its code', async () => {
    const dir = path.join(work, 'failing');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a-file'), '');
    const queue = new WriteQueue();
    queue.write(path.join(dir, 'ok.txt'), 'fine');
    queue.write(path.join(dir, 'a-file', 'inside.txt'), 'cannot be: a file stands where its folder must be');
    expect(() => queue.drain()).toThrow(expect.objectContaining({ message: expect.stringMatching(/^writing the output failed: .*a-file/), code: expect.stringMatching(/^E/) }));
    await queue.abort();
  });

  it('gives an OutputWriter of a new folder the same files as writing them itself', async () => {
    const files = Array.from({ length: 300 }, (_, i) => ({ path: `d${i % 7}/f${i}.txt`, body: `body ${i}` }));
    const own = new OutputWriter(path.join(work, 'own'));
    own.write(files);
    own.finish();
    const queue = new WriteQueue();
    const queued = new OutputWriter(path.join(work, 'queued'), undefined, undefined, undefined, queue);
    queued.write(files);
    queued.finish();
    await queue.close();
    expect(queued.manifest).toEqual(own.manifest);
    for (const f of files) expect(readFileSync(path.join(work, 'queued', f.path), 'utf8')).toBe(f.body);
  });
});
