// The part of the Frictionless library (`datapackage` on npm, which ships no types) the tests use.
declare module 'datapackage' {
  /** A resource of a package: its rows read, cast against its Table Schema when asked (a cast error rejects). */
  export interface Resource {
    name: string;
    read(options?: { cast?: boolean; keyed?: boolean }): Promise<unknown[][]>;
  }
  /** A Data Package, loaded from a descriptor file or object and validated against its profile. */
  export class Package {
    static load(descriptor: string | object, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly resources: Resource[];
  }
}
