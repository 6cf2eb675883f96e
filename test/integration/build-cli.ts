import { buildCliIfStale } from "../../scripts/build-cli.mjs";

/** Vitest globalSetup: the CLI tests run bin/starlight.mjs, which runs the bundle of the current sources. */
export default async function setup(): Promise<void> {
  await buildCliIfStale();
}
