// The types of the virtual module set up by build-context.ts.
declare module 'virtual:campus/context' {
  /** The build's context: data, render context (address and timestamp), sessions and feeds. */
  export const context: import('../build/context.ts').BuildContext;
  /** True when Astro renders the calendar's month, term and session pages itself (dev); false when the build fills them into shells. */
  export const astroRendersCalendar: boolean;
}
