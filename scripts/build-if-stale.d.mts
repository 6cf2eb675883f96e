export function distDir(): string;
export function buildIsStale(): boolean;
export function buildIfStale(): void;
