/**
 * Imports a module through Node's own loader, never a bundler's: the pages' components are compiled by Node's hooks
 * (component-hooks.ts) in a build and under vitest alike, which leaves this module to Node (test/vitest.config.ts).
 */
export function nativeImport<T>(url: string): Promise<T> {
  return import(url) as Promise<T>;
}
