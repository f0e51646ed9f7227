import { html, type SafeHtml } from '../../render/html.ts';
import { withBase, type SiteAddress } from '../../site/address.ts';

/** Subscribe (webcal:) and download links for one calendar feed, by its site-relative path. */
export function feedLinks(path: string, label: string, address: SiteAddress): SafeHtml {
  const href = withBase(address.basePath, path);
  const webcal = new URL(href, address.url).href.replace(/^https?:/, 'webcal:');
  return html`<span class="subscribe"><a href="${webcal}">Subscribe to ${label}</a> <a href="${href}" download>Download .ics<span class="visually-hidden"> for ${label}</span></a></span>`;
}
