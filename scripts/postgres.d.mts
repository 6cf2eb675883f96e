export interface Postgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (database `postgres` when none was asked for). */
  url: string;
  /** The temp folder holding the cluster; gone after stop(). */
  dir: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}
export function startPostgres(options?: { port?: number; database?: string }): Promise<Postgres>;
export function newDatabase(url: string, prefix?: string): Promise<string>;
export function copyDatabase(template: string, prefix?: string): Promise<string>;
export function dropDatabase(url: string): Promise<void>;
