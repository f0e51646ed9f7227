// Renders the pages' Astro components to strings outside Astro's page pipeline: a build makes a
// page per session, too many for that pipeline, and renders the same components many times
// instead (`astro dev` renders them through src/pages/). Node compiles the components
// (component-hooks.ts), and Astro's runtime renders them with the render context its container
// API (experimental_AstroContainer) makes.
import { registerHooks } from 'node:module';
import { loadAstro } from './component-hooks.ts';
import { nativeImport } from './native-import.ts';

/** A component as compiled: Astro's runtime calls it. */
export type AstroComponent = (...args: never[]) => unknown;

/** Renders a component with its props to a string, at once (a component that awaits anything is refused). */
export type RenderComponent = (component: AstroComponent, props: object) => string;

/** Astro's runtime: what a render needs of it. */
interface Runtime {
  createComponent(fn: (result: unknown) => unknown): AstroComponent;
  render(strings: TemplateStringsArray): unknown;
  renderComponent(result: unknown, name: string, component: AstroComponent, props: object, slots: object): unknown;
}
type Chunks = { chunkToString(result: unknown, chunk: unknown): string };
type Container = {
  experimental_AstroContainer: { create(): Promise<{ renderToString(c: unknown): Promise<string> }> };
};

/** Astro's render context for components, as its container makes it for a render of a page (made once, reused). */
async function renderResult(runtime: Runtime): Promise<unknown> {
  const { experimental_AstroContainer } = await nativeImport<Container>('astro/container');
  let result: unknown;
  const capture = runtime.createComponent((r) => {
    result = r;
    return runtime.render``;
  });
  await (await experimental_AstroContainer.create()).renderToString(capture);
  return result;
}

/** Whether a value is a promise (a component that awaits). */
const isPromise = (v: unknown): boolean => typeof (v as Promise<unknown> | undefined)?.then === 'function';

let loaded: Promise<RenderComponent> | undefined;

/** The renderer of components, loaded once per process: Node's hook for `.astro` registered, Astro's runtime read. */
export function componentRenderer(): Promise<RenderComponent> {
  loaded ??= (async () => {
    registerHooks({ load: loadAstro });
    const runtime = await nativeImport<Runtime>('astro/runtime/server/index.js');
    const { chunkToString } = await nativeImport<Chunks>('astro/runtime/server/render/common.js');
    const result = await renderResult(runtime);
    return (component, props) => {
      let out = '';
      const instance = runtime.renderComponent(result, component.name, component, props, {});
      const done = isPromise(instance)
        ? instance
        : (instance as { render(d: object): unknown }).render({
            write: (c: unknown) => (out += chunkToString(result, c)),
          });
      if (isPromise(done)) throw new Error(`the component ${component.name} awaits while it renders; it must not`);
      return out;
    };
  })();
  return loaded;
}

/** Imports a component (an `.astro` file's URL) for componentRenderer, natively. */
export async function importComponent(url: URL): Promise<AstroComponent> {
  return (await nativeImport<{ default: AstroComponent }>(url.href)).default;
}
