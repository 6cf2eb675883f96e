export const bundlePath: string;
export function cliIsStale(): boolean;
export function buildCli(): Promise<void>;
export function buildCliIfStale(): Promise<void>;
export const pluginBundlePath: string;
export function buildPluginBundle(): Promise<string>;
export const pluginHookPaths: string[];
export function buildPluginHook(): Promise<string>;
