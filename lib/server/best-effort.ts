import "server-only";
import { storageFault } from "@/lib/http/errors";

/**
 * Runs a write that a read only does by the way (a last-used time, a score snapshot, a cached generation): when the
 * storage refuses it (full disk, read-only or damaged database), it is logged and skipped, so the read still
 * answers; any other error is a bug and is thrown.
 */
export async function bestEffort<T>(what: string, write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    const fault = storageFault(error);
    if (fault === null) throw error;
    console.error(`[starlight] skipped ${what}: ${fault.message}`);
    return undefined;
  }
}
