/** The platforms a subscribe block orders its options for. */
export type Platform = 'apple' | 'android' | 'windows' | 'other';

/** The visitor's platform from the user agent (iPadOS says Macintosh: Apple all the same). */
export function platformOf(userAgent: string): Platform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod|Macintosh|Mac OS X/i.test(userAgent)) return 'apple';
  if (/Windows/i.test(userAgent)) return 'windows';
  return 'other';
}

/**
 * The subscribe options in the order each platform wants them (data-platform of feed-links.ts):
 * what works there first. Android's calendar cannot open webcal: nor add a feed by address, so
 * its first option is the address to copy, with what to do with it.
 */
export const SUBSCRIBE_ORDER: Readonly<Record<Platform, readonly string[]>> = {
  apple: ['apple', 'google', 'outlook', 'android', 'office', 'download'],
  android: ['android', 'google', 'outlook', 'office', 'apple', 'download'],
  windows: ['outlook', 'office', 'google', 'apple', 'android', 'download'],
  other: ['google', 'apple', 'outlook', 'android', 'office', 'download'],
};

/**
 * Puts every subscribe block's options in the visitor's platform's order: the full blocks' (their
 * list items) and the short ones' of a line of text (`.subscribe`, its links: Apple, Google, the
 * download), whose flex layout spaces them.
 */
export function orderSubscribeOptions(platform: Platform, root: ParentNode = document): void {
  const order = SUBSCRIBE_ORDER[platform];
  const rank = (el: HTMLElement) => {
    const i = order.indexOf(el.dataset.platform!);
    return i === -1 ? order.length : i;
  };
  const blocks: [string, string][] = [
    ['.subscribe-options', ':scope > li[data-platform]'],
    ['.subscribe', ':scope > a[data-platform]'],
  ];
  for (const [block, option] of blocks) {
    for (const list of root.querySelectorAll<HTMLElement>(block)) {
      const items = [...list.querySelectorAll<HTMLElement>(option)];
      list.append(...items.sort((a, b) => rank(a) - rank(b)));
    }
  }
}
