import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { withBase } from '../../site/paths.ts';

/** Subscribe (webcal:) and download links for one calendar feed, by its site-relative path. */
export function feedLinks(path: string, label: string, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, path);
  const webcal = new URL(href, ctx.url).href.replace(/^https?:/, 'webcal:');
  return html`<span class="subscribe"><a href="${webcal}">Subscribe to ${label}</a> <a href="${href}" download>Download .ics<span class="visually-hidden"> for ${label}</span></a></span>`;
}
