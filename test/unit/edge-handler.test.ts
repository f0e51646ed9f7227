// The service's handler (src/server/handler.ts) runs on Node and at the edge: nothing it
// imports, through any module, may reach a Node.js module (the Worker's bundle has none).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { nodeImports } from '../helpers/node-imports.ts';

describe('the handler shared by npm start and the edge', () => {
  it.each(['src/server/handler.ts', 'src/server/worker.ts'])(
    '%s reaches no Node.js module through anything it imports',
    (entry) => {
      const { reached, modules } = nodeImports([path.join(ROOT, entry)]);
      expect(modules).toBeGreaterThan(10);
      expect(reached).toEqual([]);
    },
  );
});
