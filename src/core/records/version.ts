/** The API version every response carries in meta.version (a decimal number). */
export const API_VERSION = 2.1;

/** The version's path segment in the base address. */
export const VERSION_SEGMENT = 'v2';
