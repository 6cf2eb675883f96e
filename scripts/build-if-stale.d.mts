export const nextBin: string;
export function distDir(): string;
export function builtAt(): number;
export function buildIsStale(): boolean;
export function buildIfStale(): void;
